import { isValidCnpj } from '@regcheck/shared/documents/cnpj';
import { isValidCpf } from '@regcheck/shared/documents/cpf';
import { bacenMissingDestination } from '@regcheck/shared/schemas/bacen';

/** The 24-hour registration window of Resolução Conjunta 6/2023. */
export const WINDOW_MS = 24 * 3600_000;

export interface BacenFormValues {
  suspectName: string;
  suspectDocument: string;
  description: string;
  registeringInstitution: string;
  operationType: 'transfer' | 'pix' | 'other';
  institution: string;
  branch: string;
  account: string;
  holder: string;
  holderDocument: string;
  pixKey: string;
  consent: boolean;
  /** local date and time 'YYYY-MM-DDTHH:mm' (DateTimeField, as a datetime-local input gave it) */
  identifiedAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as the local 'YYYY-MM-DDTHH:mm' value of the date and time input. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function toFormValues(now = new Date()): BacenFormValues {
  return {
    suspectName: '',
    suspectDocument: '',
    description: '',
    registeringInstitution: '',
    operationType: 'pix',
    institution: '',
    branch: '',
    account: '',
    holder: '',
    holderDocument: '',
    pixKey: '',
    consent: false,
    identifiedAt: toLocalInput(now),
  };
}

/** The form values of an existing record (for its edit), with the identification time in local time. */
export function fromRecord(r: {
  suspectName: string | null;
  suspectDocument: string | null;
  description: string;
  registeringInstitution: string;
  operationType: BacenFormValues['operationType'];
  destination: Partial<
    Record<'institution' | 'branch' | 'account' | 'holder' | 'holderDocument' | 'pixKey', string | null>
  > | null;
  consent: boolean;
  identifiedAt: string;
}): BacenFormValues {
  const d = r.destination ?? {};
  return {
    suspectName: r.suspectName ?? '',
    suspectDocument: r.suspectDocument ?? '',
    description: r.description,
    registeringInstitution: r.registeringInstitution,
    operationType: r.operationType,
    institution: d.institution ?? '',
    branch: d.branch ?? '',
    account: d.account ?? '',
    holder: d.holder ?? '',
    holderDocument: d.holderDocument ?? '',
    pixKey: d.pixKey ?? '',
    consent: r.consent,
    identifiedAt: toLocalInput(new Date(r.identifiedAt)),
  };
}

const validDoc = (v: string) => !v.trim() || isValidCpf(v) || isValidCnpj(v);

/** Field -> message key of the `records` namespace, for the fields that are wrong. */
export function validate(v: BacenFormValues, now = new Date()): Partial<Record<keyof BacenFormValues, string>> {
  const e: Partial<Record<keyof BacenFormValues, string>> = {};
  if (!v.description.trim()) e.description = 'records:bacen.form.errors.required';
  if (!v.registeringInstitution.trim()) e.registeringInstitution = 'records:bacen.form.errors.required';
  if (!validDoc(v.suspectDocument)) e.suspectDocument = 'records:bacen.form.errors.document';
  if (!validDoc(v.holderDocument)) e.holderDocument = 'records:bacen.form.errors.document';
  const at = new Date(v.identifiedAt);
  if (!v.identifiedAt || Number.isNaN(at.getTime())) e.identifiedAt = 'records:bacen.form.errors.required';
  else if (at.getTime() > now.getTime() + 60_000) e.identifiedAt = 'records:bacen.form.errors.future';
  if (!v.consent) e.consent = 'records:bacen.form.errors.consent';
  // a transfer needs the destination institution and account, a Pix its key (or the institution and account)
  const missing = bacenMissingDestination(v.operationType, v);
  if (missing)
    e[missing] =
      missing === 'pixKey' ? 'records:bacen.form.errors.pixKeyOrAccount' : 'records:bacen.form.errors.required';
  return e;
}

/** The state of the 24-hour rule for an identification time: hours left, or late. */
export function windowState(
  identifiedAt: string,
  now = new Date(),
): { late: boolean; deadline: Date; hoursLeft: number } {
  const deadline = new Date(new Date(identifiedAt).getTime() + WINDOW_MS);
  const left = deadline.getTime() - now.getTime();
  return { late: left < 0, deadline, hoursLeft: Math.max(0, Math.floor(left / 3600_000)) };
}

export function toPayload(v: BacenFormValues, fichaId?: string | null) {
  const transfer = v.operationType !== 'other';
  return {
    fichaId: fichaId ?? null,
    suspectName: v.suspectName.trim() || null,
    suspectDocument: v.suspectDocument.trim() || null,
    description: v.description.trim(),
    registeringInstitution: v.registeringInstitution.trim(),
    operationType: v.operationType,
    destination: transfer
      ? {
          institution: v.institution.trim() || null,
          branch: v.branch.trim() || null,
          account: v.account.trim() || null,
          holder: v.holder.trim() || null,
          holderDocument: v.holderDocument.trim() || null,
          pixKey: v.operationType === 'pix' ? v.pixKey.trim() || null : null,
        }
      : null,
    consent: v.consent,
    identifiedAt: new Date(v.identifiedAt).toISOString(),
  };
}
