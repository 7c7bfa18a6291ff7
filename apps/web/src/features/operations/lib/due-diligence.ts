import { formatAmount } from '@regcheck/shared/format/amount';
import { formatDate } from '@regcheck/shared/format/date';
import type { DueDiligenceView } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';

type DueDiligence = z.infer<typeof DueDiligenceView>;

/** A sentence to translate: its key in the operations catalog and its values, already formatted. */
export interface Sentence {
  key: string;
  params: Record<string, string>;
}

/**
 * What the operation screen says about its due diligence by amount (issue 23 point 4, decisions 145-147): one line
 * per rule that asked for it ("Occasional transaction above USD 15,000 (FATF R.10): USD 18,400 at the rate of
 * 12/03/2026": the rule's line, then the value shared by every line), or that it waits for the day's dollar rate.
 * null: nothing to say (not required, or not evaluated).
 */
export function dueDiligenceLines(
  d: DueDiligence | null | undefined,
  divisa: string,
): { state: 'required' | 'pending'; lines: Sentence[]; value: Sentence | null } | null {
  if (!d) return null;
  if (d.pending)
    return {
      state: 'pending',
      lines: [{ key: 'dueDiligence.pending', params: { date: formatDate(d.pending) } }],
      value: null,
    };
  if (!d.required || d.amountUsd === null) return null;
  const value: Sentence =
    divisa === 'USD' || !d.rateDate || !d.perUsd
      ? { key: 'dueDiligence.valueUsd', params: { amount: formatAmount(d.amountUsd) } }
      : {
          key: 'dueDiligence.valueAtRate',
          params: {
            amount: formatAmount(d.amountUsd),
            date: formatDate(d.rateDate),
            perUsd: formatAmount(d.perUsd),
            divisa,
          },
        };
  return {
    state: 'required',
    lines: d.rules.map((r) => ({
      key: `dueDiligence.rules.${r.rule}`,
      params: { threshold: formatAmount(r.thresholdUsd) },
    })),
    value,
  };
}
