import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import { countRows, findRow, listRows, tenantRows, tenantUpdate } from '../../db/crud';
import type { ListInternsTable } from '../../db/tables/list-interns.tables';
import type { Executor } from '../../db/tenant';
import type { ListQuery } from '../../lib/crud';

export function findById(ex: Executor, companyId: string, id: string) {
  return findRow(ex, 'listInterns', companyId, id);
}

export function findActiveByDniKey(ex: Executor, companyId: string, dniKey: string) {
  return tenantRows(ex, 'listInterns', companyId)
    .where('dniKey', '=', dniKey)
    .where('isActive', '=', true)
    .executeTakeFirst();
}

export function list(ex: Executor, companyId: string, q: ListQuery) {
  return listRows(ex, 'listInterns', companyId, q);
}

export function count(ex: Executor, companyId: string, where: Expression<SqlBool>) {
  return countRows(ex, 'listInterns', companyId, where);
}

export function insert(ex: Executor, companyId: string, row: Omit<Insertable<ListInternsTable>, 'companyId'>) {
  return ex
    .insertInto('listInterns')
    .values({ ...row, companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function update(ex: Executor, companyId: string, id: string, patch: Updateable<ListInternsTable>) {
  return tenantUpdate(ex, 'listInterns', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The active entries, as the screening of the company's own lists reads them. */
export function activeForScreening(ex: Executor, companyId: string) {
  return ex
    .selectFrom('listInterns')
    .select(['id', 'dni', 'name', 'personType', 'reason', 'otherReason', 'country'])
    .where('companyId', '=', companyId)
    .where('isActive', '=', true)
    .execute();
}

/** Count and last change of the company's entries: it moves whenever an entry is added, changed or removed. */
export async function stamp(ex: Executor, companyId: string) {
  const r = await sql<{ stamp: string }>`select count(*) || ':' || coalesce(max(updated_at)::text, '') as stamp
    from list_interns where company_id = ${companyId}`.execute(ex);
  return r.rows[0]?.stamp ?? '';
}
