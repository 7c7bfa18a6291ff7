import {
  type Expression,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type UpdateObject,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { ListQuery } from '../lib/crud';
import type { Database } from './tables';
import type { Executor } from './tenant';

/*
 * Row helpers that the repositories share: one row, a page and a count of a tenant table, and the start of a query
 * on one company's rows (`tenantRows`, `tenantUpdate`) that a repository goes on with.
 */

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
  return tenantRows(ex, table, companyId)
    .where(sql.ref(`${table}.id`), '=', id)
    .executeTakeFirst();
}

/** Every column of one company's rows of a tenant table: the start of a query the repository goes on with. */
export function tenantRows<T extends TenantTable>(ex: Executor, table: T, companyId: string) {
  return from(ex, table).selectAll().where(companyOf(table), '=', companyId);
}

/** An update of one company's rows of a tenant table: the change, then the repository's where and returning. */
export function tenantUpdate<T extends TenantTable>(
  ex: Executor,
  table: T,
  companyId: string,
  set: UpdateObject<Database, T, T>,
) {
  // the table as a type parameter, as in `from`: the query is the same for each table, so it is typed as one builder
  return (ex.updateTable(table) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>)
    .set(set)
    .where(companyOf(table), '=', companyId);
}

/** A page of a query that is already limited to one company (the table itself, or a join on it). */
// biome-ignore lint/suspicious/noExplicitAny: any table set of the query; the rows keep their selected type
export function page<O>(qb: SelectQueryBuilder<Database, any, O>, q: ListQuery) {
  return qb.where(q.where).orderBy(q.order).limit(q.limit).offset(q.skip).execute();
}

/** A page of a tenant table's rows of one company. */
export function listRows<T extends TenantTable>(ex: Executor, table: T, companyId: string, q: ListQuery) {
  return page(tenantRows(ex, table, companyId), q);
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
