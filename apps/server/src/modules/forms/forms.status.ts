import type { FormReasonT } from '@regcheck/shared/schemas/forms';
import type { FormStatus } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import type { FormRow } from '../../db/tables/forms.tables';
import type { FormType } from '../../db/tables/forms.types';
import type { ParticipantRow } from './forms.repo';
import { type Rules, requirementOf } from './forms.requirement';

/**
 * Which forms a participant needs and where each stands (spec 000 §4, 001 §3-§4): whether the company's rules ask
 * for a form, and why, is requirementOf's (forms.requirement.ts); a signed form older than the declaration update
 * window, or one an officer asked to be made again, is required again, and the entry says so (issue 25 point 5).
 */

type Status = z.infer<typeof FormStatus>;

export { DEFAULT_RULES, type Rules } from './forms.requirement';

const ORDER: Status[] = ['notRequired', 'required', 'sent', 'opened', 'filled', 'signed'];

/** The forms that apply to a participant, in display order. */
export function typesOf(p: Pick<ParticipantRow, 'personType'>): FormType[] {
  return p.personType === 'legal' ? ['formDOFLegal', 'formBF', 'formPep'] : ['formDOF', 'formPep'];
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
const day = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : null);

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

/**
 * Why a signed declaration is due again: the update window has passed since it was signed (renewal), or an officer
 * asked for a new one; null when neither.
 */
export function renewalReason(f: FormRow | undefined, rules: Rules): FormReasonT | null {
  if (f?.status !== 'signed') return null;
  if (isStale(f, rules) && f.signedAt) {
    const signed = new Date(f.signedAt).getTime();
    return {
      code: 'renewal',
      params: {
        lastSigned: day(f.signedAt),
        windowDays: rules.updateWindowDays,
        dueOn: day(new Date(signed + rules.updateWindowDays * 86_400_000)),
      },
    };
  }
  if (f.reviewStatus === 'renewalRequested')
    return { code: 'renewalRequested', params: { by: f.reviewedByName ?? null, at: day(f.reviewedAt) } };
  return null;
}

export function entryOf(p: ParticipantRow, type: FormType, forms: FormRow[], rules: Rules) {
  const requirement = requirementOf(type, p, rules);
  const required = requirement.required;
  const f = currentForm(forms, p, type);
  // the newest form of the participant and type, active or not: a deactivated one closes the diligence incomplete
  const latest = forms.find((x) => x.associateIndex === p.associateIndex && x.type === type && x.dni === p.dni);
  const closedIncomplete = !!latest && !latest.isActive;
  const shown = closedIncomplete ? latest : f;
  // a declaration the officer asked to be made again counts as due, like one past the update window
  const renewal = renewalReason(f, rules);
  const stale = renewal !== null;
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
    signer: shown?.signer ?? null,
    review: shown?.reviewStatus
      ? {
          status: shown.reviewStatus,
          reason: shown.reviewReason,
          by: shown.reviewedByName,
          at: iso(shown.reviewedAt),
        }
      : null,
    // why it is required (the rule's reasons, then a renewal), else why not
    reasons:
      required || stale
        ? [...(required ? requirement.reasons : []), ...(renewal ? [renewal] : [])]
        : requirement.reasons,
  };
}

/** The least advanced of the required forms ('notRequired' when none is). */
export function generalStatus(statuses: Status[]): Status {
  const relevant = statuses.filter((s) => s !== 'notRequired');
  if (relevant.length === 0) return 'notRequired';
  return relevant.reduce((a, b) => (ORDER.indexOf(b) < ORDER.indexOf(a) ? b : a));
}
