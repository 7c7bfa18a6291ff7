import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/** The screening settings of a company (threshold and contracted monthly request limit). */
export async function companySettings(ex: Executor, companyId: string) {
  const r = await ex.selectFrom('companies').select(['settings']).where('id', '=', companyId).executeTakeFirst();
  return (r?.settings ?? {}) as { screeningThreshold?: number; requestLimit?: number | null };
}

/** A cheap stamp of a company's own lists: it changes whenever an entry is added, changed or removed. */
export async function companyListsStamp(ex: Executor, companyId: string) {
  const r = await sql<{ stamp: string }>`select
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from list_interns where company_id = ${companyId})
      || '|' ||
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from blacklists where company_id = ${companyId})
      as stamp`.execute(ex);
  return r.rows[0]?.stamp ?? '';
}

export function activeListInterns(ex: Executor, companyId: string) {
  return ex
    .selectFrom('listInterns')
    .select(['id', 'dni', 'name', 'personType', 'reason', 'otherReason', 'country'])
    .where('companyId', '=', companyId)
    .where('isActive', '=', true)
    .execute();
}

export function activeBlacklists(ex: Executor, companyId: string) {
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
