import { BENEFICIAL_OWNER_RELATION_TYPES, OWNERSHIP_RELATION_TYPES, type OwnershipEdge } from '@regcheck/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/** Active relationships of a ficha (its related persons) or to it (who has it as related), with the other ficha. */
export function relatedOf(db: Executor, companyId: string, fichaId: string, side: 'down' | 'up') {
  const own = side === 'down' ? 'r.ficha_id' : 'r.related_ficha_id';
  const other = side === 'down' ? 'r.related_ficha_id' : 'r.ficha_id';
  return sql<{
    relationshipId: string;
    relationType: string;
    participation: number | null;
    fichaId: string;
    dni: string;
    dniType: { document?: string } | string;
    personType: 'natural' | 'legal';
    name: string | null;
    fatherName: string | null;
    motherName: string | null;
    socialReason: string | null;
    risk: 'low' | 'medium' | 'high' | null;
    listasTotal: number;
  }>`
    select r.id as "relationshipId", r.relation_type as "relationType", r.participation, f.id as "fichaId", f.dni,
      f.dni_type as "dniType", f.person_type as "personType", f.name, f.father_name as "fatherName",
      f.mother_name as "motherName", f.social_reason as "socialReason", f.risk, f.listas_total as "listasTotal"
    from ficha_relationships r join fichas f on f.id = ${sql.raw(other)} and f.company_id = r.company_id
    where r.company_id = ${companyId} and ${sql.raw(own)} = ${fichaId} and r.status = 'active' and f.status = 'active'
    order by r.created_at`
    .execute(db)
    .then((r) => r.rows);
}

/** `relatedOf` for several fichas in one query, by ficha id (a bulk load's batch). */
export async function relatedOfMany(db: Executor, companyId: string, fichaIds: string[], side: 'down' | 'up') {
  const out = new Map<string, { fichaId: string; risk: 'low' | 'medium' | 'high' | null }[]>();
  if (!fichaIds.length) return out;
  const own = side === 'down' ? 'r.ficha_id' : 'r.related_ficha_id';
  const other = side === 'down' ? 'r.related_ficha_id' : 'r.ficha_id';
  const r = await sql<{ ownId: string; fichaId: string; risk: 'low' | 'medium' | 'high' | null }>`
    select ${sql.raw(own)} as "ownId", f.id as "fichaId", f.risk
    from ficha_relationships r join fichas f on f.id = ${sql.raw(other)} and f.company_id = r.company_id
    where r.company_id = ${companyId} and ${sql.raw(own)} in (${sql.join(fichaIds.map((id) => sql`${id}::uuid`))})
      and r.status = 'active' and f.status = 'active'
    order by r.created_at`.execute(db);
  for (const x of r.rows) out.set(x.ownId, [...(out.get(x.ownId) ?? []), x]);
  return out;
}

/** An ownership or control relationship with what the beneficiaries view shows of the related person. */
export interface OwnershipEdgeRow extends OwnershipEdge {
  dni: string;
  dniType: { document?: string } | string | null;
  name: string | null;
  fatherName: string | null;
  motherName: string | null;
  socialReason: string | null;
  risk: 'low' | 'medium' | 'high' | null;
}

/**
 * The data of the beneficial-owner rule in one recursive query: every active ownership or control relationship of
 * the ficha and of every company reachable from it through ownership relationships that carry a participation
 * (cycles end by the set union; the rule itself limits the depth). `beneficialOwners()` of packages/shared reads it.
 */
export async function ownershipEdges(db: Executor, companyId: string, fichaId: string): Promise<OwnershipEdgeRow[]> {
  const r = await sql<Omit<OwnershipEdgeRow, 'participation'> & { participation: number | string | null }>`
    with recursive reach(id) as (
      select ${fichaId}::uuid
      union
      select r.related_ficha_id from reach join ficha_relationships r
        on r.company_id = ${companyId} and r.ficha_id = reach.id and r.status = 'active'
        and r.relation_type in (${sql.join(OWNERSHIP_RELATION_TYPES)}) and r.participation is not null
    )
    select r.ficha_id as "fichaId", r.related_ficha_id as "relatedFichaId", r.relation_type as "relationType",
      r.participation, f.person_type as "relatedPersonType", f.status = 'active' as "relatedActive", f.dni,
      f.dni_type as "dniType", f.name, f.father_name as "fatherName", f.mother_name as "motherName",
      f.social_reason as "socialReason", f.risk
    from ficha_relationships r join fichas f on f.id = r.related_ficha_id and f.company_id = r.company_id
    where r.company_id = ${companyId} and r.status = 'active' and r.ficha_id in (select id from reach)
      and r.relation_type in (${sql.join(BENEFICIAL_OWNER_RELATION_TYPES)})
    order by r.created_at, r.id`.execute(db);
  return r.rows.map((x) => ({ ...x, participation: x.participation === null ? null : Number(x.participation) }));
}

/** `ownershipEdges` of several fichas in one recursive query, by ficha id (a bulk load's batch). */
export async function ownershipEdgesMany(db: Executor, companyId: string, fichaIds: string[]) {
  const out = new Map<string, OwnershipEdgeRow[]>();
  if (!fichaIds.length) return out;
  const r = await sql<
    Omit<OwnershipEdgeRow, 'participation'> & { participation: number | string | null; root: string }
  >`
    with recursive reach(root, id) as (
      select x, x from unnest(array[${sql.join(fichaIds.map((id) => sql`${id}::uuid`))}]) as x
      union
      select reach.root, r.related_ficha_id from reach join ficha_relationships r
        on r.company_id = ${companyId} and r.ficha_id = reach.id and r.status = 'active'
        and r.relation_type in (${sql.join(OWNERSHIP_RELATION_TYPES)}) and r.participation is not null
    )
    select reach.root, r.ficha_id as "fichaId", r.related_ficha_id as "relatedFichaId",
      r.relation_type as "relationType", r.participation, f.person_type as "relatedPersonType",
      f.status = 'active' as "relatedActive", f.dni, f.dni_type as "dniType", f.name, f.father_name as "fatherName",
      f.mother_name as "motherName", f.social_reason as "socialReason", f.risk
    from reach join ficha_relationships r on r.ficha_id = reach.id
      join fichas f on f.id = r.related_ficha_id and f.company_id = r.company_id
    where r.company_id = ${companyId} and r.status = 'active'
      and r.relation_type in (${sql.join(BENEFICIAL_OWNER_RELATION_TYPES)})
    order by reach.root, r.created_at, r.id`.execute(db);
  for (const { root, ...x } of r.rows)
    out.set(root, [
      ...(out.get(root) ?? []),
      { ...x, participation: x.participation === null ? null : Number(x.participation) },
    ]);
  return out;
}

/** The company's settings object (the beneficial-owner threshold and its inclusiveness live there). */
export async function companySettingsOf(db: Executor, companyId: string): Promise<unknown> {
  const row = await db.selectFrom('companies').select('settings').where('id', '=', companyId).executeTakeFirst();
  return row?.settings ?? null;
}

/** The company's settings and country (the PEP rule's years depend on both, decision 170). */
export async function companyRulesOf(
  db: Executor,
  companyId: string,
): Promise<{ settings: unknown; country: string | null }> {
  const row = await db
    .selectFrom('companies')
    .select(['settings', 'country'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  return { settings: row?.settings ?? null, country: (row?.country as string | null) ?? null };
}
