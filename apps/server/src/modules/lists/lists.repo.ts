import type { ListEntity } from '@regcheck/screening';
import { type Expression, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type {
  ImportLineError,
  ListEntitiesTable,
  ListSourcesTable,
  ListVersionOrigin,
  ListVersionsTable,
} from '../../db/tables/lists.tables';
import type { Executor } from '../../db/tenant';

// List sources, versions and entities are global (not tenant) tables: reads need no company; writes are the
// super administrator's or the system's.

export type ListSourceRow = Selectable<ListSourcesTable>;
export type ListVersionRow = Selectable<ListVersionsTable>;
export type ListEntityRow = Selectable<ListEntitiesTable>;

export function listSources(ex: Executor) {
  return ex.selectFrom('listSources').selectAll().orderBy('id').execute();
}

export function findSource(ex: Executor, id: string) {
  return ex.selectFrom('listSources').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of the sources matching a where (the LoopBack filter of GET /lists, compiled). */
export function querySources(
  ex: Executor,
  where: Expression<SqlBool>,
  order: RawBuilder<unknown>,
  limit: number,
  skip: number,
) {
  return ex.selectFrom('listSources').selectAll().where(where).orderBy(order).limit(limit).offset(skip).execute();
}

export async function countSources(ex: Executor, where: Expression<SqlBool>) {
  const r = await ex
    .selectFrom('listSources')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

export function sourceRevisions(ex: Executor) {
  return ex.selectFrom('listSources').select(['id', 'revision']).execute();
}

export async function updateSource(
  ex: Executor,
  id: string,
  patch: Partial<
    Pick<
      ListSourceRow,
      | 'name'
      | 'sourceUrl'
      | 'fetchEnabled'
      | 'lastFetchedAt'
      | 'lastFetchError'
      | 'updateIntervalHours'
      | 'lastSuccessAt'
    >
  >,
) {
  return ex
    .updateTable('listSources')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Bumps the source's revision (every process reloads the list when it sees a new one); returns the new one. */
export async function bumpRevision(ex: Executor, id: string): Promise<number> {
  const r = await ex
    .updateTable('listSources')
    .set({ revision: sql`revision + 1`, updatedAt: new Date() })
    .where('id', '=', id)
    .returning('revision')
    .executeTakeFirstOrThrow();
  return r.revision;
}

export function activeVersions(ex: Executor) {
  return ex.selectFrom('listVersions').selectAll().where('status', '=', 'active').execute();
}

export function activeVersion(ex: Executor, sourceId: string) {
  return ex
    .selectFrom('listVersions')
    .selectAll()
    .where('sourceId', '=', sourceId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export function findVersion(ex: Executor, id: number) {
  return ex.selectFrom('listVersions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listVersions(ex: Executor, sourceId: string, limit = 50) {
  return ex
    .selectFrom('listVersions')
    .selectAll()
    .where('sourceId', '=', sourceId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function hasAnyVersion(ex: Executor, sourceId: string) {
  return ex
    .selectFrom('listVersions')
    .select('id')
    .where('sourceId', '=', sourceId)
    .where('status', 'in', ['active', 'importing'])
    .executeTakeFirst();
}

export function insertVersion(
  ex: Executor,
  v: {
    sourceId: string;
    label: string;
    format: string;
    origin: ListVersionOrigin;
    checksum: string | null;
    createdBy: string | null;
    status?: 'importing' | 'active';
    publishedAt?: Date;
  },
) {
  return ex
    .insertInto('listVersions')
    .values({
      ...v,
      publishedAt: v.publishedAt ?? new Date(),
      errors: JSON.stringify([]),
      ...(v.status === 'active' ? { activatedAt: new Date(), importedAt: new Date() } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setVersionJob(ex: Executor, id: number, jobId: string | null) {
  return ex.updateTable('listVersions').set({ jobId }).where('id', '=', id).execute();
}

export function saveFile(ex: Executor, versionId: number, content: Uint8Array) {
  return ex.insertInto('listFiles').values({ versionId, content }).execute();
}

export async function loadFile(ex: Executor, versionId: number): Promise<Uint8Array | undefined> {
  const r = await ex.selectFrom('listFiles').select('content').where('versionId', '=', versionId).executeTakeFirst();
  return r?.content;
}

export function failVersion(ex: Executor, id: number, errors: ImportLineError[], errorCount: number) {
  return ex
    .updateTable('listVersions')
    .set({ status: 'failed', errors: JSON.stringify(errors), errorCount, importedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'importing')
    .execute();
}

/**
 * Makes the version the source's active one; the previous active version becomes superseded. The list counts as
 * confirmed current from the version's date (a fetched version: from now).
 */
export async function activateVersion(ex: Executor, sourceId: string, id: number, entityCount: number) {
  const v = await ex
    .selectFrom('listVersions')
    .select(['origin', 'publishedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  const confirmed = v?.origin === 'fetch' || !v?.publishedAt ? new Date() : v.publishedAt;
  await ex.updateTable('listSources').set({ lastSuccessAt: confirmed }).where('id', '=', sourceId).execute();
  await ex
    .updateTable('listVersions')
    .set({ status: 'superseded' })
    .where('sourceId', '=', sourceId)
    .where('status', '=', 'active')
    .execute();
  await ex
    .updateTable('listVersions')
    .set({ status: 'active', entityCount, errorCount: 0, importedAt: new Date(), activatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes up to `limit` entities of the source's versions older than the one just superseded (that one is kept
 * for comparison), superseded or failed; answers how many it deleted. Called in a loop after an activation, so
 * that no single statement holds the embedded database for long.
 */
export async function pruneOldEntities(ex: Executor, sourceId: string, limit: number): Promise<number> {
  const keep = await ex
    .selectFrom('listVersions')
    .select('id')
    .where('sourceId', '=', sourceId)
    .where('status', '=', 'superseded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const old = await ex
    .selectFrom('listVersions')
    .select('id')
    .where('sourceId', '=', sourceId)
    .where('status', 'in', ['superseded', 'failed'])
    .where('id', '!=', keep?.id ?? -1)
    .execute();
  let deleted = 0;
  for (const { id } of old) {
    deleted += await deleteVersionEntitiesBatch(ex, id, limit - deleted);
    if (deleted >= limit) break;
  }
  return deleted;
}

export function toEntityRow(versionId: number, e: ListEntity) {
  return {
    versionId,
    entityId: e.id,
    schema: e.schema,
    names: JSON.stringify(e.names),
    identifiers: JSON.stringify(e.identifiers ?? []),
    birthDates: JSON.stringify(e.birthDates ?? []),
    countries: JSON.stringify(e.countries ?? []),
    programs: JSON.stringify(e.programs ?? []),
    remarks: e.remarks ?? null,
    fields: JSON.stringify(e.extra ?? {}),
  };
}

export function deleteVersionEntities(ex: Executor, versionId: number) {
  return ex.deleteFrom('listEntities').where('versionId', '=', versionId).execute();
}

/** Deletes up to `limit` entities of a version; answers how many (a loop empties a large version in steps). */
export async function deleteVersionEntitiesBatch(ex: Executor, versionId: number, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  const r = await ex
    .deleteFrom('listEntities')
    .where('versionId', '=', versionId)
    .where('entityId', 'in', (eb) =>
      eb.selectFrom('listEntities').select('entityId').where('versionId', '=', versionId).limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** One page of a version's entities in entity id order, after `afterId` (the index reads a large list in steps). */
export function entitiesPage(ex: Executor, versionId: number, afterId: string | null, limit: number) {
  let q = ex.selectFrom('listEntities').selectAll().where('versionId', '=', versionId);
  if (afterId !== null) q = q.where('entityId', '>', afterId);
  return q.orderBy('entityId').limit(limit).execute();
}

export async function insertEntities(ex: Executor, versionId: number, entities: ListEntity[]) {
  if (!entities.length) return;
  await ex
    .insertInto('listEntities')
    .values(entities.map((e) => toEntityRow(versionId, e)))
    .execute();
}

export function entitiesOfVersion(ex: Executor, versionId: number) {
  return ex.selectFrom('listEntities').selectAll().where('versionId', '=', versionId).execute();
}

export function countEntities(ex: Executor, versionId: number) {
  return ex
    .selectFrom('listEntities')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('versionId', '=', versionId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.count));
}

export function findEntity(ex: Executor, versionId: number, entityId: string) {
  return ex
    .selectFrom('listEntities')
    .selectAll()
    .where('versionId', '=', versionId)
    .where('entityId', '=', entityId)
    .executeTakeFirst();
}

export function findEntitiesByIds(ex: Executor, versionId: number, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return ex
    .selectFrom('listEntities')
    .selectAll()
    .where('versionId', '=', versionId)
    .where('entityId', 'in', ids)
    .execute();
}

export function queryEntities(
  ex: Executor,
  versionId: number,
  where: Expression<SqlBool>,
  order: RawBuilder<unknown>,
  limit: number,
  skip: number,
) {
  return ex
    .selectFrom('listEntities')
    .selectAll()
    .where('versionId', '=', versionId)
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(skip)
    .execute();
}

export async function countWhere(ex: Executor, versionId: number, where: Expression<SqlBool>) {
  const r = await ex
    .selectFrom('listEntities')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('versionId', '=', versionId)
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

export function upsertEntity(ex: Executor, versionId: number, e: ListEntity) {
  const row = toEntityRow(versionId, e);
  return ex
    .insertInto('listEntities')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['versionId', 'entityId']).doUpdateSet({
        schema: row.schema,
        names: row.names,
        identifiers: row.identifiers,
        birthDates: row.birthDates,
        countries: row.countries,
        programs: row.programs,
        remarks: row.remarks,
        fields: row.fields,
        updatedAt: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteEntity(ex: Executor, versionId: number, entityId: string) {
  return ex
    .deleteFrom('listEntities')
    .where('versionId', '=', versionId)
    .where('entityId', '=', entityId)
    .executeTakeFirst();
}

export function setEntityCount(ex: Executor, versionId: number, delta: number) {
  return ex
    .updateTable('listVersions')
    .set({ entityCount: sql`entity_count + ${delta}` })
    .where('id', '=', versionId)
    .execute();
}

export function setEntityCountTo(ex: Executor, versionId: number, count: number) {
  return ex.updateTable('listVersions').set({ entityCount: count }).where('id', '=', versionId).execute();
}

/** The latest version of each of some sources, whatever its status (the last import). */
export function latestVersions(ex: Executor, sourceIds: string[]) {
  if (!sourceIds.length) return Promise.resolve([]);
  return ex
    .selectFrom('listVersions')
    .selectAll()
    .distinctOn('sourceId')
    .where('sourceId', 'in', sourceIds)
    .orderBy('sourceId')
    .orderBy('id', 'desc')
    .execute();
}
