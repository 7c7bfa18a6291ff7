import { sql } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { Executor } from '../../db/tenant';

export function listTags(
  db: Executor,
  companyId: string,
  f: { appliesTo?: string; active?: boolean; limit: number; skip: number },
) {
  let q = tenantRows(db, 'tags', companyId).orderBy('name').limit(f.limit).offset(f.skip);
  if (f.appliesTo) q = q.where('appliesTo', '=', f.appliesTo as 'fichas');
  if (f.active !== undefined) q = q.where('active', '=', f.active);
  return q.execute();
}

export function findTag(db: Executor, companyId: string | null, id: string) {
  let q = db.selectFrom('tags').selectAll().where('id', '=', id);
  if (companyId) q = q.where('companyId', '=', companyId);
  return q.executeTakeFirst();
}

export function insertTag(
  db: Executor,
  row: { companyId: string; name: string; active: boolean; appliesTo: 'fichas' | 'operations'; createdBy: string },
) {
  return db.insertInto('tags').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateTag(
  db: Executor,
  companyId: string,
  id: string,
  patch: { name?: string; active?: boolean; appliesTo?: 'fichas' | 'operations' },
) {
  return tenantUpdate(db, 'tags', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function deleteTag(db: Executor, companyId: string, id: string) {
  return db.deleteFrom('tags').where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();
}

/** Removes a tag name from every ficha of the company that carries it (case-insensitive). */
export async function removeTagFromFichas(db: Executor, companyId: string, name: string) {
  const r = await sql`
    update fichas set tags = coalesce((select jsonb_agg(t) from jsonb_array_elements(fichas.tags) t
      where lower(t->>'name') <> lower(${name})), '[]'::jsonb), updated_at = now()
    where company_id = ${companyId} and exists (select 1 from jsonb_array_elements(fichas.tags) t where lower(t->>'name') = lower(${name}))`.execute(
    db,
  );
  return Number(r.numAffectedRows ?? 0);
}

/** Keeps on each ficha only the tags that exist and are active in the company's fichas tags. */
export async function cleanFichaTags(db: Executor, companyId: string) {
  const r = await sql`
    with valid as (select lower(name) as n from tags where company_id = ${companyId} and active and applies_to = 'fichas')
    update fichas set tags = coalesce((select jsonb_agg(t) from jsonb_array_elements(fichas.tags) t
      where lower(t->>'name') in (select n from valid)), '[]'::jsonb), updated_at = now()
    where company_id = ${companyId} and jsonb_array_length(tags) > 0
      and exists (select 1 from jsonb_array_elements(fichas.tags) t where lower(t->>'name') not in (select n from valid))`.execute(
    db,
  );
  return Number(r.numAffectedRows ?? 0);
}

/**
 * The tag names that are on the company's records today, with how many fichas or operations carry each (a tag
 * may be on records without being in the catalogue, e.g. after an import or a rename).
 */
export async function tagsInUse(db: Executor, companyId: string) {
  const r = await sql<{ name: string; appliesTo: 'fichas' | 'operations'; records: string | number }>`
    select name, applies_to as "appliesTo", count(*) as records from (
      select t->>'name' as name, 'fichas' as applies_to
        from fichas f, jsonb_array_elements(coalesce(f.tags, '[]'::jsonb)) t where f.company_id = ${companyId}
      union all
      select t->>'name' as name, 'operations' as applies_to
        from operations o, jsonb_array_elements(coalesce(o.tags, '[]'::jsonb)) t where o.company_id = ${companyId}
    ) x where name is not null and name <> '' group by name, applies_to order by name, applies_to`.execute(db);
  return r.rows.map((x) => ({ name: x.name, appliesTo: x.appliesTo, records: Number(x.records) }));
}
