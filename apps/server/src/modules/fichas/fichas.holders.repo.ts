import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/*
 * Which companies hold a ficha of a person, across companies: the watcher's question (vigilancia). A platform read
 * (run as the owner, outside any tenant): it answers company names and counts, never a ficha.
 */

/** Active fichas of active companies with one of these documents: document, company name and ficha id. */
export async function holdersByDocument(ex: Executor, dnis: string[]) {
  if (!dnis.length) return [];
  const r = await sql<{ dni: string; companyName: string; fichaId: string }>`
    select f.dni, c.name as "companyName", f.id as "fichaId"
      from fichas f join companies c on c.id = f.company_id
     where f.status = 'active' and c.status = 'active' and f.dni in (${sql.join(dnis)})`.execute(ex);
  return r.rows;
}

/**
 * Active fichas of active companies whose screening holds a hit (not dismissed) on an entry of a list: entry,
 * company name and ficha id. Each entry is a containment test, which the partial GIN index on the fichas' lists answers.
 */
export async function holdersByHit(ex: Executor, listId: string, entityIds: string[]) {
  if (!entityIds.length) return [];
  const tests = entityIds.map(
    (id) => sql`f.listas->'lists' @> ${JSON.stringify([{ listId, hits: [{ entityId: id }] }])}::jsonb`,
  );
  const r = await sql<{ entityId: string; companyName: string; fichaId: string }>`
    select distinct h->>'entityId' as "entityId", c.name as "companyName", f.id as "fichaId"
      from fichas f
      join companies c on c.id = f.company_id
      cross join lateral jsonb_array_elements(f.listas->'lists') l
      cross join lateral jsonb_array_elements(l->'hits') h
     where f.status = 'active' and f.listas_total > 0 and c.status = 'active'
       and (${sql.join(tests, sql` or `)})
       and l->>'listId' = ${listId}
       and h->>'entityId' in (${sql.join(entityIds)})
       and coalesce((h->>'dismissed')::boolean, false) = false`.execute(ex);
  return r.rows;
}
