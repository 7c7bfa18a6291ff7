import { cpfVisibleDigits, maskedCpfKey } from '@regcheck/screening';
import { type Executor, withSystem } from '../../db/tenant';
import type { AppDeps } from '../../plugins/context';
import * as repo from './fichas.holders.repo';
import { dniCandidates, fullNameOf } from './fichas.validation';

/** A person as the watcher asks about them: the id of their entry in a list and their document, when whole. */
export interface HeldPerson {
  id: string;
  /** null for a document published masked (it matches no ficha's document) */
  dni: string | null;
}

/**
 * The companies holding an active ficha of each person, by the same document or by a screening hit (not dismissed)
 * on the person's entry of `listId`, each company once with its number of fichas. Names only: never a ficha or an id.
 */
export async function companiesHolding(deps: AppDeps, listId: string, people: HeldPerson[]) {
  const byDoc = new Map<string, string>();
  for (const p of people) if (p.dni) for (const d of dniCandidates(p.dni)) byDoc.set(d, p.id);
  const [docs, hits] = await withSystem(deps.db, async (trx) => [
    await repo.holdersByDocument(trx, [...byDoc.keys()]),
    await repo.holdersByHit(
      trx,
      listId,
      people.map((p) => p.id),
    ),
  ]);
  // person -> company -> fichas (a ficha found both ways counts once)
  const out = new Map<string, Map<string, Set<string>>>();
  const add = (personId: string | undefined, company: string, fichaId: string) => {
    if (!personId) return;
    const m = out.get(personId) ?? new Map<string, Set<string>>();
    m.set(company, (m.get(company) ?? new Set()).add(fichaId));
    out.set(personId, m);
  };
  for (const d of docs) add(byDoc.get(d.dni), d.companyName, d.fichaId);
  for (const h of hits) add(h.entityId, h.companyName, h.fichaId);
  return new Map(
    [...out].map(([id, m]) => [
      id,
      [...m].map(([name, fichas]) => ({ name, fichas: fichas.size })).sort((a, b) => a.name.localeCompare(b.name)),
    ]),
  );
}

/** A person published with a masked CPF (***.456.789-**): its six visible digits and its name. */
export interface MaskedPerson {
  digits: string;
  name: string;
}

/**
 * The active fichas, by company, of each person published with a masked CPF: a natural person's ficha whose CPF
 * shows the same digits in the same places and whose name is the same once normalised (maskedCpfKey, the rule the
 * monitoring links them by; decision 132). Answers, per person (by maskedCpfKey), each company's name and number of
 * such fichas: one is a match, more cannot be told apart. Names and counts only, never a ficha.
 */
export async function maskedCpfHolders(ex: Executor, people: MaskedPerson[]) {
  const wanted = new Set(people.map((p) => maskedCpfKey(p.digits, p.name)));
  const out = new Map<string, Map<string, { name: string; fichas: number }>>();
  const digits = [...new Set(people.map((p) => p.digits))];
  for (let i = 0; i < digits.length; i += 1000) {
    for (const f of await repo.holdersByCpfDigits(ex, digits.slice(i, i + 1000))) {
      const d = cpfVisibleDigits(f.dni);
      if (!d) continue;
      const key = maskedCpfKey(d, fullNameOf(f));
      if (!wanted.has(key)) continue;
      const byCompany = out.get(key) ?? new Map<string, { name: string; fichas: number }>();
      const c = byCompany.get(f.companyId) ?? { name: f.companyName, fichas: 0 };
      c.fichas++;
      byCompany.set(f.companyId, c);
      out.set(key, byCompany);
    }
  }
  return out;
}
