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

/**
 * Active natural-person fichas of active companies whose document is a CPF with these digits in the places a masked
 * CPF shows (the 4th to the 9th): company, ficha and the name fields (a masked CPF matches by digits and name).
 */
export async function holdersByCpfDigits(ex: Executor, digits: string[]) {
  if (!digits.length) return [];
  const r = await sql<{
    companyId: string;
    companyName: string;
    fichaId: string;
    dni: string;
    personType: string;
    name: string | null;
    fatherName: string | null;
    motherName: string | null;
  }>`
    select c.id as "companyId", c.name as "companyName", f.id as "fichaId", f.dni, f.person_type as "personType", f.name,
           f.father_name as "fatherName", f.mother_name as "motherName"
      from fichas f join companies c on c.id = f.company_id
     where f.status = 'active' and c.status = 'active' and f.person_type = 'natural'
       and f.dni_type->>'document' = 'CPF'
       and substr(regexp_replace(f.dni, '[^0-9]', '', 'g'), 4, 6) in (${sql.join(digits)})`.execute(ex);
  return r.rows;
}
