import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import { page } from '../../db/crud';
import type { Executor } from '../../db/tenant';
import type { ListQuery } from '../../lib/crud';
import type { PeopleTable } from './people.tables';

/* The register is the platform's, not a company's: these queries run in withSystem. */

/** Every column, the date ones read as text ('YYYY-MM-DD') so that no time zone shifts them. */
function selectPeople(ex: Executor) {
  return ex
    .selectFrom('people')
    .selectAll()
    .select([
      sql<string | null>`office_start::text`.as('officeStart'),
      sql<string | null>`office_end::text`.as('officeEnd'),
      sql<string | null>`pep_expiration::text`.as('pepExpiration'),
    ]);
}

export function findById(ex: Executor, id: string) {
  return selectPeople(ex).where('id', '=', id).executeTakeFirst();
}

export function findByDniKey(ex: Executor, dniKey: string, country?: string) {
  let q = selectPeople(ex).where('dniKey', '=', dniKey);
  if (country) q = q.where('country', '=', country);
  return q.orderBy('isActive', 'desc').orderBy('createdAt', 'desc').executeTakeFirst();
}

export function findAllByDniKey(ex: Executor, dniKey: string) {
  return selectPeople(ex).where('dniKey', '=', dniKey).orderBy('createdAt', 'desc').execute();
}

export function list(ex: Executor, q: ListQuery) {
  return page(selectPeople(ex), q);
}

export async function count(ex: Executor, where: Expression<SqlBool>) {
  const r = await ex
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

/** The names of some people by id (the primaries of a page of the register, in one query). */
export async function namesOf(ex: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await ex.selectFrom('people').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The related (level 2) people of a primary PEP. */
export function relatedOf(ex: Executor, primaryId: string) {
  return selectPeople(ex).where('primaryPersonId', '=', primaryId).execute();
}

export async function insert(ex: Executor, row: Insertable<PeopleTable>) {
  const r = await ex.insertInto('people').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findById(ex, r.id)) as NonNullable<Awaited<ReturnType<typeof findById>>>;
}

export async function update(ex: Executor, id: string, patch: Updateable<PeopleTable>) {
  await ex
    .updateTable('people')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
  return (await findById(ex, id)) as NonNullable<Awaited<ReturnType<typeof findById>>>;
}
