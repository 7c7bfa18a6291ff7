import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { FichaRelationshipsTable } from '../fichas/fichas.tables';

/** Relation types that carry ownership (their participation counts toward beneficial ownership). */
export const OWNERSHIP_TYPES = ['partners', 'beneficiary', 'both'] as const;

export function insertRelationship(db: Executor, row: Insertable<FichaRelationshipsTable>) {
  return db.insertInto('fichaRelationships').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findRelationship(db: Executor, companyId: string, id: string) {
  return db
    .selectFrom('fichaRelationships')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findActiveRelationship(
  db: Executor,
  companyId: string,
  fichaId: string,
  relatedFichaId: string,
  relationType?: string,
) {
  let q = db
    .selectFrom('fichaRelationships')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('fichaId', '=', fichaId)
    .where('relatedFichaId', '=', relatedFichaId)
    .where('status', '=', 'active');
  if (relationType) q = q.where('relationType', '=', relationType);
  return q.executeTakeFirst();
}

export function updateRelationship(
  db: Executor,
  companyId: string,
  id: string,
  patch: Updateable<FichaRelationshipsTable>,
) {
  return db
    .updateTable('fichaRelationships')
    .set({ ...patch, updatedAt: new Date() })
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

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

export interface OwnershipPath {
  ownerId: string;
  personType: 'natural' | 'legal';
  share: number;
  direct: number;
  path: string[];
}

/**
 * Every owner reachable from a company through ownership relationships, with the share multiplied along the
 * chain (50% of a company that owns 40% is 20%): one recursive query, cycles cut by the path.
 */
export async function ownershipChains(db: Executor, companyId: string, fichaId: string, maxDepth = 10) {
  const r = await sql<{
    ownerId: string;
    personType: 'natural' | 'legal';
    share: number | string;
    direct: number | string;
    path: string[];
  }>`
    with recursive chain(owner_id, share, direct, path, depth) as (
      select r.related_ficha_id, r.participation / 100.0, r.participation::numeric, array[r.ficha_id, r.related_ficha_id], 1
      from ficha_relationships r
      where r.company_id = ${companyId} and r.ficha_id = ${fichaId} and r.status = 'active'
        and r.relation_type in ('partners','beneficiary','both') and r.participation is not null
      union all
      select r.related_ficha_id, c.share * r.participation / 100.0, c.direct, c.path || r.related_ficha_id, c.depth + 1
      from chain c join ficha_relationships r
        on r.company_id = ${companyId} and r.ficha_id = c.owner_id and r.status = 'active'
        and r.relation_type in ('partners','beneficiary','both') and r.participation is not null
      where c.depth < ${maxDepth} and not r.related_ficha_id = any(c.path)
    )
    select c.owner_id as "ownerId", f.person_type as "personType", c.share * 100 as share, c.direct, c.path::text[] as path
    from chain c join fichas f on f.id = c.owner_id and f.company_id = ${companyId} and f.status = 'active'`.execute(
    db,
  );
  return r.rows.map(
    (x): OwnershipPath => ({
      ownerId: x.ownerId,
      personType: x.personType,
      share: Number(x.share),
      direct: Number(x.direct),
      path: parsePgArray(x.path),
    }),
  );
}

export interface GraphNode {
  fichaId: string;
  level: number;
  relationType: string;
  direction: 'up' | 'down';
  path: string[];
}

/**
 * Automatic relations: every ficha within `distance` steps of the start through active relationships, in one
 * recursive query. `down` follows ficha -> related person, `up` the reverse, `both` either way.
 */
export async function relationGraph(
  db: Executor,
  companyId: string,
  fichaId: string,
  distance: number,
  direction: 'both' | 'up' | 'down',
) {
  const down = direction !== 'up';
  const up = direction !== 'down';
  const r = await sql<{ node: string; level: number; relationType: string; dir: 'up' | 'down'; path: string[] }>`
    with recursive edges(a, b, relation_type, dir) as (
      select ficha_id, related_ficha_id, relation_type, 'down' from ficha_relationships
        where company_id = ${companyId} and status = 'active' and ${down}
      union all
      select related_ficha_id, ficha_id, relation_type, 'up' from ficha_relationships
        where company_id = ${companyId} and status = 'active' and ${up}
    ),
    walk(node, level, relation_type, dir, path) as (
      select e.b, 1, e.relation_type, e.dir, array[e.a, e.b] from edges e where e.a = ${fichaId}
      union all
      select e.b, w.level + 1, e.relation_type, e.dir, w.path || e.b
      from walk w join edges e on e.a = w.node
      where w.level < ${distance} and not e.b = any(w.path)
    )
    select node, level, relation_type as "relationType", dir, path::text[] as path from walk order by level, node`.execute(
    db,
  );
  return r.rows.map(
    (x): GraphNode => ({
      fichaId: x.node,
      level: Number(x.level),
      relationType: x.relationType,
      direction: x.dir,
      path: parsePgArray(x.path),
    }),
  );
}

/** uuid[]::text[] arrives as an array from pg and PGlite; tolerate the '{a,b}' text form too. */
function parsePgArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  return String(v)
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}
