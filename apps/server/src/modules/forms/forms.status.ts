import type { FormStatus } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import type { ParticipantRow } from './forms.repo';
import type { FormRow } from './forms.tables';
import type { FormType } from './forms.types';

/**
 * Which forms a participant needs and where each stands (spec 000 §4, 001 §3-§4): DOF (natural) or DOF legal above
 * the company's amount or when the operation's due diligence by amount asks for it (decision 147), BF for legal persons, PEP for PEPs and their relatives. A signed form older than the
 * declaration update window makes it required again.
 */

type Status = z.infer<typeof FormStatus>;
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

const ORDER: Status[] = ['notRequired', 'required', 'sent', 'opened', 'filled', 'signed'];

/** The forms that apply to a participant, in display order. */
export function typesOf(p: Pick<ParticipantRow, 'personType'>): FormType[] {
  return p.personType === 'legal' ? ['formDOFLegal', 'formBF', 'formPep'] : ['formDOF', 'formPep'];
}

export function isRequired(type: FormType, p: ParticipantRow, rules: Rules): boolean {
  if (type === 'formDOF' || type === 'formDOFLegal') {
    // the amount in the threshold's currency (converted at the day's rate by panelOf; unknown rate: required)
    const amount = p.dofAmount ?? p.monto;
    // due diligence by amount on the operation (FATF R.10, Circular 59): every participant with an amount declares
    // the origin of its funds (decision 147)
    return p.monto > 0 && (amount >= rules.dofThreshold || p.dueDiligence);
  }
  if (type === 'formBF') return p.personType === 'legal' && rules.bfForLegal;
  return rules.pepForPeps && !!p.pepStatus;
}

/** Whether a signed form is past the declaration update window (its declaration is due again). */
export function isStale(f: Pick<FormRow, 'status' | 'signedAt'>, rules: Rules, now = Date.now()): boolean {
  return (
    f.status === 'signed' && !!f.signedAt && now - new Date(f.signedAt).getTime() > rules.updateWindowDays * 86_400_000
  );
}

/** The participant's current form of a type: the newest active one (forms are listed newest first). */
export function currentForm(forms: FormRow[], p: ParticipantRow, type: FormType) {
  return forms.find((f) => f.associateIndex === p.associateIndex && f.type === type && f.isActive && f.dni === p.dni);
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * The diligence of a form (issue 25 point 3, decision 160): sending is not diligence (a sent, opened or filled form
 * is still required); a signed one waits for an officer's review; it is realised only once an officer accepted it
 * (asking for a new declaration makes the form required again, see entryOf).
 */
export function diligenceOf(status: Status, required: boolean, review: FormRow['reviewStatus'] = null) {
  if (status === 'signed') return review === 'accepted' ? ('realized' as const) : ('awaitingReview' as const);
  if (status === 'sent' || status === 'opened' || status === 'filled' || status === 'required' || required) {
    return 'required' as const;
  }
  return null;
}

export function entryOf(p: ParticipantRow, type: FormType, forms: FormRow[], rules: Rules) {
  const required = isRequired(type, p, rules);
  const f = currentForm(forms, p, type);
  // the newest form of the participant and type, active or not: a deactivated one closes the diligence incomplete
  const latest = forms.find((x) => x.associateIndex === p.associateIndex && x.type === type && x.dni === p.dni);
  const closedIncomplete = !!latest && !latest.isActive;
  const shown = closedIncomplete ? latest : f;
  // a declaration the officer asked to be made again counts as due, like one past the update window
  const stale = f ? isStale(f, rules) || (f.status === 'signed' && f.reviewStatus === 'renewalRequested') : false;
  const status: Status = f && !stale && !closedIncomplete ? f.status : required || stale ? 'required' : 'notRequired';
  const lastSigned = forms.find(
    (x) => x.associateIndex === p.associateIndex && x.type === type && x.status === 'signed' && x.isActive,
  );
  return {
    type,
    status,
    required: required || stale,
    diligence: closedIncomplete
      ? ('closedIncomplete' as const)
      : diligenceOf(status, required || stale, f && !stale ? f.reviewStatus : null),
    formId: shown?.id ?? null,
    active: shown ? shown.isActive : true,
    lastSentAt: iso(shown?.lastSentAt ?? null),
    lastSignedAt: iso(lastSigned?.signedAt ?? null),
    lastEffectiveDate: lastSigned?.signedAt
      ? new Date(new Date(lastSigned.signedAt).getTime() + rules.updateWindowDays * 86_400_000).toISOString()
      : null,
    sendState: shown?.sendState ?? null,
    hasOriginal: !!shown?.originalKey,
    hasSigned: !!shown?.signedKey,
    findings: shown?.findings ?? [],
    review: shown?.reviewStatus
      ? {
          status: shown.reviewStatus,
          reason: shown.reviewReason,
          by: shown.reviewedByName,
          at: iso(shown.reviewedAt),
        }
      : null,
  };
}

/** The least advanced of the required forms ('notRequired' when none is). */
export function generalStatus(statuses: Status[]): Status {
  const relevant = statuses.filter((s) => s !== 'notRequired');
  if (relevant.length === 0) return 'notRequired';
  return relevant.reduce((a, b) => (ORDER.indexOf(b) < ORDER.indexOf(a) ? b : a));
}
