import { sql } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { Executor } from '../../db/tenant';

/*
 * What the monitoring of fichas reads and writes besides the fichas' own repository: the companies it runs for,
 * the monthly runs it claims, and, in the fichas' tables, which fichas had hits in a list and their dismissals.
 */

/** The active companies with their language and settings (threshold, monitoring day); a platform-wide read. */
export function activeCompanies(ex: Executor) {
  return ex.selectFrom('companies').select(['id', 'language', 'settings']).where('status', '=', 'active').execute();
}

/** The company's language (es, pt-BR, en), read in the company's tenant (its own row). */
export async function companyLanguage(db: Executor, companyId: string) {
  const r = await db.selectFrom('companies').select('language').where('id', '=', companyId).executeTakeFirst();
  return r?.language ?? null;
}

/** Claims the run of a period (once per company, kind and period); undefined when it was already claimed. */
export function claimRun(ex: Executor, companyId: string, kind: string, period: string) {
  return ex
    .insertInto('monitoringRuns')
    .values({ companyId, kind, period })
    .onConflict((oc) => oc.columns(['companyId', 'kind', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Ids of the company's active fichas whose screening has hits in a list (they may lose them when it changes). */
export async function fichasWithHitsIn(ex: Executor, companyId: string, listId: string) {
  const r = await sql<{ id: string }>`
      select id from fichas where company_id = ${companyId} and status = 'active' and listas_total >= 0
        and exists (select 1 from jsonb_array_elements(coalesce(listas->'lists', '[]'::jsonb)) l
          where l->>'listId' = ${listId} and jsonb_array_length(l->'hits') > 0)`.execute(ex);
  return r.rows.map((x) => x.id);
}

/** The dismissed matches of some fichas in one list. */
export function dismissalsOf(ex: Executor, companyId: string, fichaIds: string[], listId: string) {
  return tenantRows(ex, 'fichaMatchDismissals', companyId)
    .where('fichaId', 'in', fichaIds)
    .where('listId', '=', listId)
    .execute();
}

/** A run already claimed but not finished (a job that died half-way): the next attempt resumes it. */
export function unfinishedRun(ex: Executor, companyId: string, kind: string, period: string) {
  return ex
    .selectFrom('monitoringRuns')
    .select('id')
    .where('companyId', '=', companyId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .where('finishedAt', 'is', null)
    .executeTakeFirst();
}

/** Records who asked for a manual run. */
export function setRequestedBy(ex: Executor, companyId: string, id: string, userId: string | null) {
  return tenantUpdate(ex, 'monitoringRuns', companyId, { requestedBy: userId }).where('id', '=', id).execute();
}

/** The counts and duration of a finished run (the super administrator's monitoring page shows them). */
export function finishRunWithCounts(
  ex: Executor,
  companyId: string,
  id: string,
  stats: unknown,
  counts: {
    fichasScreened: number;
    lists: number;
    newMatches: number;
    fichasUpdated: number;
    notifications: number;
    durationMs: number;
  },
) {
  return tenantUpdate(ex, 'monitoringRuns', companyId, {
    finishedAt: new Date(),
    stats: JSON.stringify(stats),
    ...counts,
  })
    .where('id', '=', id)
    .execute();
}

/** The latest runs of every company with the company's name and who asked (platform read). */
export function latestRuns(ex: Executor, limit: number, skip: number) {
  return ex
    .selectFrom('monitoringRuns as r')
    .innerJoin('companies as c', 'c.id', 'r.companyId')
    .leftJoin('users as u', 'u.id', 'r.requestedBy')
    .selectAll('r')
    .select(['c.name as companyName', 'u.name as requestedByName'])
    .orderBy('r.startedAt', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .offset(skip)
    .execute();
}

export async function countRuns(ex: Executor) {
  const r = await ex
    .selectFrom('monitoringRuns')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

/** The active companies with their names and settings (the parameters page names the ones with their own day). */
export function activeCompanyNames(ex: Executor) {
  return ex
    .selectFrom('companies')
    .select(['id', 'name', 'settings'])
    .where('status', '=', 'active')
    .orderBy('name')
    .execute();
}
