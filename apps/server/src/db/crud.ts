import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { ListQuery } from '../lib/crud';
import type { Database } from './tables';
import type { Executor } from './tenant';

/* Row helpers that the repositories of the company lists share: one row, a page and a count of a tenant table. */

/** Tables that hold one company's rows (a `companyId` column). */
type TenantTable = { [T in keyof Database]: Database[T] extends { companyId: unknown } ? T : never }[keyof Database];

/**
 * `selectFrom(table)` for a table given as a type parameter. Kysely types it as a union of builders, one per
 * table, whose methods cannot be called; the query is the same for each, so it is typed as one builder.
 */
function from<T extends TenantTable>(ex: Executor, table: T) {
  // biome-ignore lint/complexity/noBannedTypes: {} is Kysely's "nothing selected yet"
  return ex.selectFrom(table) as unknown as SelectQueryBuilder<Database, T, {}>;
}

const companyOf = (table: TenantTable) => sql.ref(`${table}.companyId`);

/** One row of a tenant table by id; undefined when it is not there or belongs to another company. */
export function findRow<T extends TenantTable>(ex: Executor, table: T, companyId: string, id: string) {
  return from(ex, table)
    .selectAll()
    .where(companyOf(table), '=', companyId)
    .where(sql.ref(`${table}.id`), '=', id)
    .executeTakeFirst();
}

/** A page of a query that is already limited to one company (the table itself, or a join on it). */
// biome-ignore lint/suspicious/noExplicitAny: any table set of the query; the rows keep their selected type
export function page<O>(qb: SelectQueryBuilder<Database, any, O>, q: ListQuery) {
  return qb.where(q.where).orderBy(q.order).limit(q.limit).offset(q.skip).execute();
}

/** A page of a tenant table's rows of one company. */
export function listRows<T extends TenantTable>(ex: Executor, table: T, companyId: string, q: ListQuery) {
  return page(from(ex, table).selectAll().where(companyOf(table), '=', companyId), q);
}

/** How many rows of a tenant table one company has that match `where`. */
export async function countRows(ex: Executor, table: TenantTable, companyId: string, where: Expression<SqlBool>) {
  const r = await from(ex, table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(companyOf(table), '=', companyId)
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(r.count);
}
