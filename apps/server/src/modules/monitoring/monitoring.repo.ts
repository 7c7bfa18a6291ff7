import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/*
 * What the monitoring of fichas reads and writes besides the fichas' own repository: the companies it runs for,
 * the monthly runs it claims, and, in the fichas' tables, which fichas had hits in a list and their dismissals.
 */

/** The active companies with their language and settings (threshold, monitoring day); a platform-wide read. */
export function activeCompanies(ex: Executor) {
  return ex.selectFrom('companies').select(['id', 'language', 'settings']).where('status', '=', 'active').execute();
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

/** Marks a claimed run finished with its statistics. */
export function finishRun(ex: Executor, companyId: string, id: string, stats: unknown) {
  return ex
    .updateTable('monitoringRuns')
    .set({ finishedAt: new Date(), stats: JSON.stringify(stats) })
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .execute();
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
  return ex
    .selectFrom('fichaMatchDismissals')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('fichaId', 'in', fichaIds)
    .where('listId', '=', listId)
    .execute();
}
