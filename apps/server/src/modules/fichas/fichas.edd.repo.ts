import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { FichaEddTable } from './fichas.edd.tables';

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
  const ids = sql.join(fichaIds.map((id) => sql`${id}::uuid`));
  const r = await sql<EddNeighbour>`
    select x.own_id as "ownId", f.id as "fichaId", f.person_type as "personType", f.name,
      f.father_name as "fatherName", f.mother_name as "motherName", f.social_reason as "socialReason",
      f.pep_status as "pepStatus"
    from (
      select r.ficha_id as own_id, r.related_ficha_id as other_id from ficha_relationships r
      where r.company_id = ${companyId} and r.status = 'active' and r.ficha_id in (${ids})
      union
      select r.related_ficha_id, r.ficha_id from ficha_relationships r
      where r.company_id = ${companyId} and r.status = 'active' and r.related_ficha_id in (${ids})
    ) x join fichas f on f.id = x.other_id and f.company_id = ${companyId}
    where f.status = 'active' and f.id <> x.own_id
    order by f.id`.execute(db);
  for (const row of r.rows) {
    const list = out.get(row.ownId) ?? [];
    list.push(row);
    out.set(row.ownId, list);
  }
  return out;
}

/** The EDD rows of these fichas. */
export function findEddMany(db: Executor, companyId: string, fichaIds: string[]) {
  if (!fichaIds.length) return Promise.resolve([]);
  return db
    .selectFrom('fichaEdd')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('fichaId', 'in', fichaIds)
    .execute();
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
  return db
    .updateTable('fichaEdd')
    .set(patch)
    .where('companyId', '=', companyId)
    .where('fichaId', '=', fichaId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
