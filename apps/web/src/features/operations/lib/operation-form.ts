import { parseAmount } from '@regcheck/shared/format/amount';

export interface ParticipantDraft {
  key: string;
  dni: string;
  type: 'natural' | 'legal';
  fichaId: string | null;
  name: string;
  email: string | null;
  risk: string | null;
  /** no ficha with this document: create it on the spot */
  isNew: boolean;
  newName: string;
  newFatherName: string;
  newEmail: string;
  monto: string;
  efective: string;
}

/** A company ficha found by document, as the participant lookup answers it. */
export interface FichaLite {
  id: string;
  dni: string;
  personType: 'natural' | 'legal';
  fullName: string;
  email?: string | null;
  risk?: string | null;
}

/**
 * A participant as the form holds it: from the ficha found by its document, or (no ficha) a new ficha to create
 * with the document and person type typed.
 */
export function toFormValues(
  base: { key: string; dni: string; type: 'natural' | 'legal'; monto: string; efective: string },
  ficha: FichaLite | null,
): ParticipantDraft {
  const blank = { isNew: false, newName: '', newFatherName: '', newEmail: '' };
  if (!ficha) return { ...base, fichaId: null, name: '', email: null, risk: null, ...blank, isNew: true };
  return {
    ...base,
    dni: ficha.dni,
    type: ficha.personType,
    fichaId: ficha.id,
    name: ficha.fullName,
    email: ficha.email ?? null,
    risk: ficha.risk ?? null,
    ...blank,
  };
}

export type ParticipantIssue = 'cashExceeds' | 'duplicate' | 'amountRequired' | 'nameRequired';

const norm = (dni: string) => dni.replace(/[.\s-]/g, '').toUpperCase();

/** Live validation of the new-operation form (the server checks the same rules). */
export function validate(list: ParticipantDraft[]): Record<string, ParticipantIssue[]> {
  const out: Record<string, ParticipantIssue[]> = {};
  const seen = new Map<string, number>();
  for (const p of list) seen.set(norm(p.dni), (seen.get(norm(p.dni)) ?? 0) + 1);
  for (const p of list) {
    const issues: ParticipantIssue[] = [];
    const monto = parseAmount(p.monto) ?? 0;
    const cash = parseAmount(p.efective) ?? 0;
    if (cash > monto) issues.push('cashExceeds');
    if ((seen.get(norm(p.dni)) ?? 0) > 1) issues.push('duplicate');
    if (monto <= 0) issues.push('amountRequired');
    if (p.isNew && !p.newName.trim()) issues.push('nameRequired');
    out[p.key] = issues;
  }
  return out;
}

export function totals(list: ParticipantDraft[]) {
  return list.reduce(
    (t, p) => ({ amount: t.amount + (parseAmount(p.monto) ?? 0), cash: t.cash + (parseAmount(p.efective) ?? 0) }),
    { amount: 0, cash: 0 },
  );
}

/** The fields of the new-operation form around its participants. */
export interface OperationFormValues {
  divisa: string;
  transactionType: string;
  transactionDate: string;
  referenceNumber: string;
  comments: string;
  participants: ParticipantDraft[];
}

/** The POST /consultations body of the form (empty texts left out). */
export function toPayload(v: OperationFormValues) {
  return {
    divisa: v.divisa,
    transactionType: v.transactionType || undefined,
    transactionDate: v.transactionDate || undefined,
    referenceNumber: v.referenceNumber || undefined,
    transactionComments: v.comments || undefined,
    associates: toAssociates(v.participants),
  };
}

/** The participants of the POST /consultations body. */
export function toAssociates(list: ParticipantDraft[]) {
  return list.map((p) => ({
    dni: p.dni,
    type: p.type,
    fichaId: p.fichaId ?? undefined,
    monto: parseAmount(p.monto) ?? 0,
    efective: parseAmount(p.efective) ?? 0,
    newFicha: p.isNew
      ? p.type === 'legal'
        ? { socialReason: p.newName, email: p.newEmail || undefined }
        : { name: p.newName, fatherName: p.newFatherName || undefined, email: p.newEmail || undefined }
      : undefined,
  }));
}
