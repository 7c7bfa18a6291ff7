import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import { countRows, findRow, listRows, page, tenantUpdate } from '../../db/crud';
import type { BlacklistReasonsTable, BlacklistsTable } from '../../db/tables/blacklists.tables';
import type { Executor } from '../../db/tenant';
import type { ListQuery } from '../../lib/crud';

// ------------------------------------------------------------ reasons

export function findReason(ex: Executor, companyId: string, id: string) {
  return findRow(ex, 'blacklistReasons', companyId, id);
}

export function listReasons(ex: Executor, companyId: string, q: ListQuery) {
  return listRows(ex, 'blacklistReasons', companyId, q);
}

export function countReasons(ex: Executor, companyId: string, where: Expression<SqlBool>) {
  return countRows(ex, 'blacklistReasons', companyId, where);
}

export function insertReason(
  ex: Executor,
  companyId: string,
  row: Omit<Insertable<BlacklistReasonsTable>, 'companyId'>,
) {
  return ex
    .insertInto('blacklistReasons')
    .values({ ...row, companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateReason(ex: Executor, companyId: string, id: string, patch: Updateable<BlacklistReasonsTable>) {
  return tenantUpdate(ex, 'blacklistReasons', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ------------------------------------------------------------ blacklists

function withReason(ex: Executor, companyId: string) {
  return ex
    .selectFrom('blacklists')
    .leftJoin('blacklistReasons', 'blacklistReasons.id', 'blacklists.reasonId')
    .selectAll('blacklists')
    .select('blacklistReasons.text as reasonText')
    .where('blacklists.companyId', '=', companyId);
}

export function findBlacklist(ex: Executor, companyId: string, id: string) {
  return withReason(ex, companyId).where('blacklists.id', '=', id).executeTakeFirst();
}

export type BlacklistRow = NonNullable<Awaited<ReturnType<typeof findBlacklist>>>;

export function listBlacklists(ex: Executor, companyId: string, q: ListQuery) {
  return page(withReason(ex, companyId), q);
}

export function countBlacklists(ex: Executor, companyId: string, where: Expression<SqlBool>) {
  return countRows(ex, 'blacklists', companyId, where);
}

export async function insertBlacklist(
  ex: Executor,
  companyId: string,
  row: Omit<Insertable<BlacklistsTable>, 'companyId'>,
) {
  const r = await ex
    .insertInto('blacklists')
    .values({ ...row, companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export function updateBlacklist(ex: Executor, companyId: string, id: string, patch: Updateable<BlacklistsTable>) {
  return tenantUpdate(ex, 'blacklists', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

// ------------------------------------------------------------ screening

/** The active records with their reason's text, as the screening of the company's own lists reads them. */
export function activeForScreening(ex: Executor, companyId: string) {
  return ex
    .selectFrom('blacklists')
    .leftJoin('blacklistReasons', 'blacklistReasons.id', 'blacklists.reasonId')
    .select([
      'blacklists.id',
      'blacklists.dni',
      'blacklists.name',
      'blacklists.personType',
      'blacklists.country',
      'blacklists.comment',
      'blacklistReasons.text as reason',
    ])
    .where('blacklists.companyId', '=', companyId)
    .where('blacklists.status', '=', 'active')
    .execute();
}

/** Count and last change of the company's records: it moves whenever a record is added, changed or removed. */
export async function stamp(ex: Executor, companyId: string) {
  const r = await sql<{ stamp: string }>`select count(*) || ':' || coalesce(max(updated_at)::text, '') as stamp
    from blacklists where company_id = ${companyId}`.execute(ex);
  return r.rows[0]?.stamp ?? '';
}
