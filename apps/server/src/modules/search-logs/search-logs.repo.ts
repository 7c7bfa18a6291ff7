import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import { countRows, page, tenantUpdate } from '../../db/crud';
import type { SearchLogsTable } from '../../db/tables/search-logs.tables';
import type { Executor } from '../../db/tenant';
import type { ListQuery } from '../../lib/crud';

function base(ex: Executor, companyId: string) {
  return ex
    .selectFrom('searchLogs')
    .leftJoin('users', 'users.id', 'searchLogs.userId')
    .selectAll('searchLogs')
    .select('users.name as userName')
    .where('searchLogs.companyId', '=', companyId);
}

export type SearchLogRow = Awaited<ReturnType<typeof findLog>> & {};

export function findLog(ex: Executor, companyId: string, id: string) {
  return base(ex, companyId).where('searchLogs.id', '=', id).executeTakeFirst();
}

export function listLogs(ex: Executor, companyId: string, q: ListQuery) {
  return page(base(ex, companyId), q);
}

export function countLogs(ex: Executor, companyId: string, where: Expression<SqlBool>) {
  return countRows(ex, 'searchLogs', companyId, where);
}

export async function insertLog(ex: Executor, companyId: string, row: Omit<Insertable<SearchLogsTable>, 'companyId'>) {
  const r = await ex
    .insertInto('searchLogs')
    .values({ ...row, companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export function updateLog(ex: Executor, companyId: string, id: string, patch: Updateable<SearchLogsTable>) {
  return tenantUpdate(ex, 'searchLogs', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Searches of a kind since a date (the contracted monthly limit counts them, deleted ones too). */
export async function countSince(ex: Executor, companyId: string, kind: string, since: Date) {
  const r = await ex
    .selectFrom('searchLogs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('companyId', '=', companyId)
    .where('kind', '=', kind)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

/** Serialises the company's limited searches until the transaction ends (count and insert under one lock). */
export async function lockSearches(ex: Executor, companyId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`search-limit:${companyId}`}))`.execute(ex);
}

/** The users who have searches of a kind in the company, by name (the history's filter by user offers them). */
export function logUsers(ex: Executor, companyId: string, kind: string) {
  return ex
    .selectFrom('searchLogs')
    .innerJoin('users', 'users.id', 'searchLogs.userId')
    .select(['users.id as userId', 'users.name as userName'])
    .where('searchLogs.companyId', '=', companyId)
    .where('searchLogs.kind', '=', kind)
    .where('searchLogs.isActive', '=', true)
    .groupBy(['users.id', 'users.name'])
    .orderBy('users.name')
    .limit(500)
    .execute();
}
