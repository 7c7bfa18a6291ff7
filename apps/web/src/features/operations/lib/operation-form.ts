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

export type ParticipantIssue = 'cashExceeds' | 'duplicate' | 'amountRequired' | 'nameRequired';

const norm = (dni: string) => dni.replace(/[.\s-]/g, '').toUpperCase();

/** Live validation of the new-operation form (the server checks the same rules). */
export function participantIssues(list: ParticipantDraft[]): Record<string, ParticipantIssue[]> {
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

/** The POST /consultations body of the form. */
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
