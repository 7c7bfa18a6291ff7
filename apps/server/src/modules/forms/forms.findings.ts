import { formatAmount } from '@regcheck/shared/format/amount';
import type { FormFindingT, FormSignerT, FormSubjectT, FormTypeT } from '@regcheck/shared/schemas/forms';

/**
 * The signed answers checked against the file (issue 25 point 3): the PEP answer against the ficha's PEP status, the
 * declared owners against the beneficial owners RegCheck knew (who is missing, who is new, whose percentage
 * differs), the declared amount and currency against the operation's, the declared document against the ficha's.
 * Each difference is a code and the values it names, put in words by forms:findings in the company's language.
 */

export const money = (currency: string, amount: number) => `${currency} ${formatAmount(amount)}`;
const percent = (p: number | null | undefined) => (p === null || p === undefined ? '—' : `${formatAmount(p)} %`);
/** A document compared by its letters and digits only (11.111.111-1 and 111111111 are the same RUT). */
const bare = (d: unknown) =>
  String(d ?? '')
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase();

export interface FileFacts {
  /** the participant's document as stored and as shown */
  dni: string;
  dniShown: string;
  pepStatus: 'direct' | 'consanguineous' | null;
  /** a company's form: who signed for it; one the ficha does not name as a legal representative is listed */
  signer?: FormSignerT | null;
}

export function findingsOf(
  type: FormTypeT,
  subject: FormSubjectT | null,
  data: Record<string, unknown>,
  file: FileFacts,
): FormFindingT[] {
  const out: FormFindingT[] = [];
  if (file.signer && file.signer.source !== 'ficha') {
    const { name, document, capacity } = file.signer;
    out.push({ code: 'signerNotRepresentative', params: { name, document, capacity } });
  }
  if (typeof data.document === 'string' && data.document.trim() && bare(data.document) !== bare(file.dni)) {
    out.push({ code: 'documentDiffers', params: { declared: data.document.trim(), known: file.dniShown } });
  }
  if (type === 'formPep') {
    const denies = data.isPep === 'no' && (file.pepStatus === 'direct' || data.isRelated === 'no');
    if (file.pepStatus && denies) out.push({ code: 'pepDeniedButFichaPep', params: { status: file.pepStatus } });
    if (!file.pepStatus && data.isPep === 'yes') out.push({ code: 'pepDeclaredButFichaNot', params: {} });
  }
  const op = subject?.operation;
  if ((type === 'formDOF' || type === 'formDOFLegal') && op) {
    const currency = typeof data.currency === 'string' ? data.currency : null;
    if (currency && currency !== op.currency) {
      out.push({ code: 'currencyDiffers', params: { declared: currency, operation: op.currency } });
    }
    if (typeof data.amount === 'number' && op.amount > 0 && Math.abs(data.amount - op.amount) >= 0.005) {
      out.push({
        code: 'amountDiffers',
        params: { declared: money(currency ?? op.currency, data.amount), operation: money(op.currency, op.amount) },
      });
    }
  }
  if (type === 'formBF' && subject?.owners?.length) {
    const declared = (Array.isArray(data.owners) ? data.owners : []) as Record<string, unknown>[];
    const byDoc = new Map(declared.map((r) => [bare(r.document), r]));
    const known = new Set(subject.owners.map((o) => bare(o.document)));
    for (const o of subject.owners) {
      const d = byDoc.get(bare(o.document));
      if (!d) {
        out.push({
          code: 'ownerMissing',
          params: { name: o.name, document: o.document, known: percent(o.participation) },
        });
      } else if (
        o.participation !== null &&
        typeof d.percentage === 'number' &&
        Math.abs(d.percentage - o.participation) >= 0.01
      ) {
        out.push({
          code: 'ownerPercentage',
          params: {
            name: o.name,
            document: o.document,
            declared: percent(d.percentage),
            known: percent(o.participation),
          },
        });
      }
    }
    for (const d of declared) {
      if (known.has(bare(d.document))) continue;
      out.push({
        code: 'ownerUnknown',
        params: {
          name: String(d.name ?? ''),
          document: String(d.document ?? ''),
          declared: percent(typeof d.percentage === 'number' ? d.percentage : null),
        },
      });
    }
  }
  return out;
}
