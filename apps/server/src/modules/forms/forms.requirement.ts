import type { FormReasonT } from '@regcheck/shared/schemas/forms';
import type { FormType } from '../../db/tables/forms.types';
import type { ParticipantRow } from './forms.repo';

/**
 * Whether a participant owes a form by the company's rules, and why (issue 25 point 5): one function decides and
 * explains, so the Forms panel's words can never disagree with the decision (spec 000 §4, 001 §3-§4):
 * - the DOF (natural) or DOF legal, when the participant's amount reaches the company's threshold (in the threshold's
 *   currency at the day's rate when the rule names another: a missing rate asks for the declaration and says so,
 *   never guesses), or when the operation's due diligence by amount asks for it (decision 147);
 * - the BF for a legal person (unless the company turned the rule off);
 * - the PEP form for a PEP or a PEP's relative (the ficha's derived status, decision 170).
 * The reasons are codes with values (FormReason), worded by the web app in the reader's language.
 */

export interface Rules {
  dofThreshold: number;
  updateWindowDays: number;
  bfForLegal: boolean;
  pepForPeps: boolean;
  /** the threshold's currency; null: compared in the operation's currency as it is */
  dofCurrency: 'USD' | 'CLP' | 'UF' | 'BRL' | null;
}
export const DEFAULT_RULES: Rules = {
  dofThreshold: 0,
  updateWindowDays: 365,
  bfForLegal: true,
  pepForPeps: true,
  dofCurrency: null,
};

export interface Requirement {
  required: boolean;
  reasons: FormReasonT[];
}

const day = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString().slice(0, 10) : null);

function dofRequirement(p: ParticipantRow, rules: Rules): Requirement {
  if (!(p.monto > 0)) return { required: false, reasons: [{ code: 'dofNoAmount', params: {} }] };
  const conv = p.dofConversion;
  const threshold = rules.dofThreshold;
  const thresholdCurrency = rules.dofCurrency ?? p.divisa;
  const base = { amount: p.monto, currency: p.divisa, threshold, thresholdCurrency };
  const reasons: FormReasonT[] = [];
  // the amount in the threshold's currency; an unknown rate counts as above the threshold (asked, and said so)
  const amount = conv ? (conv.amount ?? Number.POSITIVE_INFINITY) : p.monto;
  const byThreshold = amount >= threshold;
  if (byThreshold) {
    if (conv && conv.amount === null) {
      reasons.push({ code: 'dofRateMissing', params: { ...base, day: conv.day, missing: conv.missing } });
    } else if (threshold === 0) {
      reasons.push({ code: 'dofEveryAmount', params: { amount: p.monto, currency: p.divisa } });
    } else {
      reasons.push({
        code: amount === threshold ? 'dofAtThreshold' : 'dofAboveThreshold',
        params: { ...base, converted: conv?.amount ?? null, rateDate: conv?.rateDate ?? null },
      });
    }
  }
  // the operation's due diligence by amount (FATF R.10, Circular 59): every participant with an amount declares
  if (p.dueDiligence) {
    const dd = p.dueDiligenceDetail;
    if (dd?.pending) {
      reasons.push({ code: 'dofDueDiligencePending', params: { day: dd.pending, currency: p.divisa } });
    } else {
      for (const r of dd?.rules ?? []) {
        reasons.push({
          code: 'dofDueDiligence',
          params: {
            rule: r.rule,
            thresholdUsd: r.thresholdUsd,
            operationAmount: p.operationAmount,
            currency: p.divisa,
            amountUsd: dd?.amountUsd ?? null,
            rateDate: dd?.rateDate ?? null,
          },
        });
      }
    }
  }
  if (byThreshold || p.dueDiligence) return { required: true, reasons };
  return {
    required: false,
    reasons: [
      {
        code: 'dofBelowThreshold',
        params: { ...base, converted: conv?.amount ?? null, rateDate: conv?.rateDate ?? null },
      },
    ],
  };
}

function pepRequirement(p: ParticipantRow, rules: Rules): Requirement {
  const d = p.pepDetail;
  if (p.pepStatus) {
    if (!rules.pepForPeps)
      return { required: false, reasons: [{ code: 'pepRuleOff', params: { status: p.pepStatus } }] };
    return {
      required: true,
      reasons: [
        {
          code: 'pepParticipant',
          params: {
            status: p.pepStatus,
            until: d ? d.until : day(p.pepExpiration),
            source: d?.source ?? null,
            position: d?.position ?? null,
          },
        },
      ],
    };
  }
  if (d?.state === 'former') return { required: false, reasons: [{ code: 'pepFormer', params: { until: d.until } }] };
  return { required: false, reasons: [{ code: 'pepNotPep', params: {} }] };
}

/** Whether the participant owes the form by the company's rules, with the reasons (or the reason it does not). */
export function requirementOf(type: FormType, p: ParticipantRow, rules: Rules): Requirement {
  if (type === 'formDOF' || type === 'formDOFLegal') return dofRequirement(p, rules);
  if (type === 'formBF') {
    if (p.personType !== 'legal') return { required: false, reasons: [] };
    return rules.bfForLegal
      ? { required: true, reasons: [{ code: 'bfLegalPerson', params: {} }] }
      : { required: false, reasons: [{ code: 'bfRuleOff', params: {} }] };
  }
  return pepRequirement(p, rules);
}
