import { withSystem } from '../../db/tenant';
import type { AppDeps } from '../../plugins/context';
import * as repo from './fichas.holders.repo';
import { dniCandidates } from './fichas.validation';

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
