import { type Insertable, sql, type Updateable } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { FichaRelationshipsTable } from '../../db/tables/fichas.tables';
import type { Executor } from '../../db/tenant';

export function insertRelationship(db: Executor, row: Insertable<FichaRelationshipsTable>) {
  return db.insertInto('fichaRelationships').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Several relationships in one statement (a bulk load's batch), in the order given. */
export function insertRelationships(db: Executor, rows: Insertable<FichaRelationshipsTable>[]) {
  if (!rows.length) return Promise.resolve([]);
  return db.insertInto('fichaRelationships').values(rows).returningAll().execute();
}

/** The active relationships between any of these parents and any of these related fichas. */
export function findActiveBetween(db: Executor, companyId: string, fichaIds: string[], relatedIds: string[]) {
  if (!fichaIds.length || !relatedIds.length) return Promise.resolve([]);
  return tenantRows(db, 'fichaRelationships', companyId)
    .where('fichaId', 'in', fichaIds)
    .where('relatedFichaId', 'in', relatedIds)
    .where('status', '=', 'active')
    .execute();
}

export function findRelationship(db: Executor, companyId: string, id: string) {
  return tenantRows(db, 'fichaRelationships', companyId).where('id', '=', id).executeTakeFirst();
}

export function findActiveRelationship(
  db: Executor,
  companyId: string,
  fichaId: string,
  relatedFichaId: string,
  relationType?: string,
) {
  let q = tenantRows(db, 'fichaRelationships', companyId)
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
  return tenantUpdate(db, 'fichaRelationships', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
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
