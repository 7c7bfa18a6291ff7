import type { Insertable, Updateable } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { FichaEddTable } from '../../db/tables/fichas.edd.tables';
import type { Executor } from '../../db/tenant';

/** A ficha's active neighbour in either direction of an active relationship, with what the EDD rule reads of it. */
export interface EddNeighbour {
  ownId: string;
  fichaId: string;
  personType: 'natural' | 'legal';
  name: string | null;
  fatherName: string | null;
  motherName: string | null;
  socialReason: string | null;
  pepStatus: 'direct' | 'consanguineous' | null;
}

/** The active fichas related to each of these fichas by an active relationship, in either direction, by ficha. */
export async function neighboursMany(db: Executor, companyId: string, fichaIds: string[]) {
  const out = new Map<string, EddNeighbour[]>();
  if (!fichaIds.length) return out;
  // two plain lookups on the relationship indexes (company, ficha) and (company, related ficha), then the other
  // fichas by id: one statement joining a union planned a scan of the growing tables (a bulk load slowed with size)
  const asked = new Set(fichaIds);
  const rels = await db
    .selectFrom('fichaRelationships')
    .select(['fichaId', 'relatedFichaId'])
    .where('companyId', '=', companyId)
    .where('status', '=', 'active')
    .where('fichaId', 'in', fichaIds)
    .union(
      db
        .selectFrom('fichaRelationships')
        .select(['fichaId', 'relatedFichaId'])
        .where('companyId', '=', companyId)
        .where('status', '=', 'active')
        .where('relatedFichaId', 'in', fichaIds),
    )
    .execute();
  const pairs: { ownId: string; otherId: string }[] = [];
  for (const r of rels) {
    if (asked.has(r.fichaId)) pairs.push({ ownId: r.fichaId, otherId: r.relatedFichaId });
    if (asked.has(r.relatedFichaId)) pairs.push({ ownId: r.relatedFichaId, otherId: r.fichaId });
  }
  const others = [...new Set(pairs.map((p) => p.otherId))];
  if (!others.length) return out;
  const rows = await db
    .selectFrom('fichas')
    .select(['id', 'personType', 'name', 'fatherName', 'motherName', 'socialReason', 'pepStatus'])
    .where('companyId', '=', companyId)
    .where('status', '=', 'active')
    .where('id', 'in', others)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const p of pairs.sort((x, y) => (x.otherId < y.otherId ? -1 : x.otherId > y.otherId ? 1 : 0))) {
    const f = byId.get(p.otherId);
    if (!f || f.id === p.ownId) continue;
    const list = out.get(p.ownId) ?? [];
    if (!list.some((n) => n.fichaId === f.id))
      list.push({
        ownId: p.ownId,
        fichaId: f.id,
        personType: f.personType as EddNeighbour['personType'],
        name: f.name,
        fatherName: f.fatherName,
        motherName: f.motherName,
        socialReason: f.socialReason,
        pepStatus: f.pepStatus as EddNeighbour['pepStatus'],
      });
    out.set(p.ownId, list);
  }
  return out;
}

/** The EDD rows of these fichas. */
export function findEddMany(db: Executor, companyId: string, fichaIds: string[]) {
  if (!fichaIds.length) return Promise.resolve([]);
  return tenantRows(db, 'fichaEdd', companyId).where('fichaId', 'in', fichaIds).execute();
}

/** One ficha's EDD row with the names of its approver and of who changed it last (undefined: never required). */
export function findEddView(db: Executor, companyId: string, fichaId: string) {
  return db
    .selectFrom('fichaEdd')
    .leftJoin('users as approver', 'approver.id', 'fichaEdd.approvedBy')
    .leftJoin('users as editor', 'editor.id', 'fichaEdd.updatedBy')
    .selectAll('fichaEdd')
    .select(['approver.name as approvedByName', 'editor.name as updatedByName'])
    .where('fichaEdd.companyId', '=', companyId)
    .where('fichaEdd.fichaId', '=', fichaId)
    .executeTakeFirst();
}

export function insertEdd(db: Executor, row: Insertable<FichaEddTable>) {
  return db.insertInto('fichaEdd').values(row).execute();
}

export function updateEdd(db: Executor, companyId: string, fichaId: string, patch: Updateable<FichaEddTable>) {
  return tenantUpdate(db, 'fichaEdd', companyId, patch)
    .where('fichaId', '=', fichaId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
