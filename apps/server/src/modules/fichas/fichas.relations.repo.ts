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

/** The company's settings object (the beneficial-owner threshold and its inclusiveness live there). */
export async function companySettingsOf(db: Executor, companyId: string): Promise<unknown> {
  const row = await db.selectFrom('companies').select('settings').where('id', '=', companyId).executeTakeFirst();
  return row?.settings ?? null;
}
