import { randomUUID } from 'node:crypto';
import { countryCode, type ListEntity } from '@regcheck/screening';
import type { PublicListEntryBody } from '@regcheck/shared';
import type { z } from 'zod';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import { withSystem } from '../../db/tenant';
import type { JobContext } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import type { FieldMap } from '../../lib/filter';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import { currentState, toListEntity } from './lists.index';
import { checksumOf, entityFromFields, type ListFileFormat, parseListFile, unpack } from './lists.parse';
import * as repo from './lists.repo';
import type { ImportLineError, ListVersionOrigin } from './lists.tables';

export const IMPORT_JOB = 'lists.import';
const MAX_REPORTED_ERRORS = 200;
const INSERT_CHUNK = 500;

function maybeState() {
  try {
    return currentState();
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- views

export function versionView(v: repo.ListVersionRow) {
  return {
    id: v.id,
    sourceId: v.sourceId,
    label: v.label,
    format: v.format,
    origin: v.origin,
    status: v.status,
    entityCount: v.entityCount,
    errorCount: v.errorCount,
    errors: v.errors ?? [],
    checksum: v.checksum,
    jobId: v.jobId,
    createdAt: v.createdAt.toISOString(),
    importedAt: v.importedAt?.toISOString() ?? null,
    activatedAt: v.activatedAt?.toISOString() ?? null,
  };
}

export const SOURCE_FIELDS: FieldMap = {
  id: { column: 'id', type: 'string' },
  name: { column: 'name', type: 'string' },
  kind: { column: 'kind', type: 'string' },
  format: { column: 'format', type: 'string' },
  fetchEnabled: { column: 'fetch_enabled', type: 'boolean' },
  updatedAt: { column: 'updated_at', type: 'date' },
};

/** GET /lists: the available lists with their current version and entity count. */
export async function listSourceViews(
  deps: AppDeps,
  f: { where?: Record<string, unknown>; order?: string | string[]; limit: number; skip: number },
) {
  const where = whereToSql(f.where, SOURCE_FIELDS);
  const order = orderToSql(f.order, SOURCE_FIELDS, 'id asc');
  const rows = await deps.db
    .selectFrom('listSources')
    .selectAll()
    .where(where)
    .orderBy(order)
    .limit(f.limit)
    .offset(f.skip)
    .execute();
  const versions = await repo.activeVersions(deps.db);
  return rows.map((s) =>
    sourceView(
      s,
      versions.find((v) => v.sourceId === s.id),
    ),
  );
}

export async function countSources(deps: AppDeps, where?: Record<string, unknown>) {
  const r = await deps.db
    .selectFrom('listSources')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(whereToSql(where, SOURCE_FIELDS))
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

function sourceView(s: repo.ListSourceRow, v: repo.ListVersionRow | undefined) {
  return {
    id: s.id,
    name: s.name,
    kind: s.kind,
    format: s.format,
    sourceUrl: s.sourceUrl,
    fetchEnabled: s.fetchEnabled,
    revision: s.revision,
    lastFetchedAt: s.lastFetchedAt?.toISOString() ?? null,
    lastFetchError: s.lastFetchError,
    entityCount: v?.entityCount ?? 0,
    currentVersion: v ? versionView(v) : null,
  };
}

export async function getSourceView(deps: AppDeps, id: string) {
  const s = await repo.findSource(deps.db, id);
  if (!s) throw new AppError('LIST_NOT_FOUND');
  return sourceView(s, await repo.activeVersion(deps.db, id));
}

export async function listVersionsOf(deps: AppDeps, id: string) {
  if (!(await repo.findSource(deps.db, id))) throw new AppError('LIST_NOT_FOUND');
  return (await repo.listVersions(deps.db, id)).map(versionView);
}

export async function getVersion(deps: AppDeps, sourceId: string, versionId: number) {
  const v = await repo.findVersion(deps.db, versionId);
  if (!v || v.sourceId !== sourceId) throw new AppError('LIST_VERSION_NOT_FOUND');
  return versionView(v);
}

/** PATCH /lists/{id}: the published address and whether the scheduled fetch may download it. */
export async function updateSource(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  patch: { name?: string; sourceUrl?: string | null; fetchEnabled?: boolean },
) {
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findSource(trx, id);
    if (!before) throw new AppError('LIST_NOT_FOUND');
    const after = await repo.updateSource(trx, id, patch);
    await insertAudit(trx, {
      companyId: null,
      userId: auth.userId,
      action: 'list.source.updated',
      entity: 'list_source',
      entityId: id,
      before: { name: before.name, sourceUrl: before.sourceUrl, fetchEnabled: before.fetchEnabled },
      after: patch,
    });
    return sourceView(after ?? before, await repo.activeVersion(trx, id));
  });
}

// ---------------------------------------------------------------- imports

/**
 * Stores a list file as a new version (status importing) and enqueues its import job in the same transaction.
 * The version becomes active only when the whole file has been read without a bad line.
 */
export async function startImport(
  deps: AppDeps,
  opts: {
    sourceId: string;
    content: Uint8Array;
    format?: ListFileFormat;
    label?: string;
    origin: ListVersionOrigin;
    userId: string | null;
  },
) {
  const source = await repo.findSource(deps.db, opts.sourceId);
  if (!source) throw new AppError('LIST_NOT_FOUND');
  const format = opts.format ?? (source.format as ListFileFormat);
  const checksum = checksumOf(unpack(opts.content));
  return withSystem(deps.db, async (trx) => {
    const version = await repo.insertVersion(trx, {
      sourceId: source.id,
      label: opts.label ?? `${source.name} ${new Date().toISOString().slice(0, 10)}`,
      format,
      origin: opts.origin,
      checksum,
      createdBy: opts.userId,
    });
    await repo.saveFile(trx, version.id, opts.content);
    const jobId = await deps.queue.enqueue(
      trx,
      IMPORT_JOB,
      { versionId: version.id },
      {
        singletonKey: `lists.import:${version.id}`,
        maxAttempts: 2,
      },
    );
    await repo.setVersionJob(trx, version.id, jobId);
    await insertAudit(trx, {
      companyId: null,
      userId: opts.userId,
      action: 'list.import.started',
      entity: 'list_version',
      entityId: String(version.id),
      after: { sourceId: source.id, label: version.label, format, origin: opts.origin, checksum },
    });
    return { ...version, jobId };
  });
}

/**
 * The import job: reads the stored file, reports bad lines (the version fails and the previous one stays in
 * force), stores the entities, then activates the version in one transaction. Safe to run twice.
 */
export async function runImport(deps: AppDeps, versionId: number, ctx?: Pick<JobContext, 'progress'>) {
  const db = deps.db;
  const version = await repo.findVersion(db, versionId);
  if (version?.status !== 'importing') return;
  const content = await repo.loadFile(db, versionId);
  const fail = async (errors: ImportLineError[], count = errors.length) => {
    await repo.deleteVersionEntities(db, versionId);
    await repo.failVersion(db, versionId, errors.slice(0, MAX_REPORTED_ERRORS), count);
    await ctx?.progress({ phase: 'failed', errors: count });
  };
  if (!content) return fail([{ line: 0, message: 'the uploaded file is missing' }]);
  await ctx?.progress({ phase: 'reading', processed: 0 });
  let parsed: ReturnType<typeof parseListFile>;
  try {
    parsed = parseListFile(version.format as ListFileFormat, content, version.sourceId);
  } catch (err) {
    return fail([{ line: 0, message: err instanceof Error ? err.message : String(err) }]);
  }
  if (parsed.errors.length) return fail(parsed.errors);
  if (!parsed.entities.length) return fail([{ line: 0, message: 'the file has no entries' }]);
  const total = parsed.entities.length;
  await repo.deleteVersionEntities(db, versionId);
  for (let i = 0; i < total; i += INSERT_CHUNK) {
    await repo.insertEntities(db, versionId, parsed.entities.slice(i, i + INSERT_CHUNK));
    await ctx?.progress({ phase: 'storing', processed: Math.min(total, i + INSERT_CHUNK), total });
  }
  await withSystem(db, async (trx) => {
    const still = await repo.findVersion(trx, versionId);
    if (still?.status !== 'importing') return;
    await repo.activateVersion(trx, version.sourceId, versionId, total);
    await repo.bumpRevision(trx, version.sourceId);
    await insertAudit(trx, {
      companyId: null,
      userId: version.createdBy,
      action: 'list.import.activated',
      entity: 'list_version',
      entityId: String(versionId),
      after: { sourceId: version.sourceId, entityCount: total },
    });
  });
  await ctx?.progress({ phase: 'done', processed: total, total });
  await maybeState()?.reloadList(version.sourceId);
}

// ---------------------------------------------------------------- public list entries

const fieldText = (k: string) => ({ column: `(fields->>'${k}')`, type: 'string' as const });
export const ENTRY_FIELDS: FieldMap = {
  id: { column: 'entity_id', type: 'string' },
  name: { column: '(names->>0)', type: 'string' },
  schema: { column: 'schema', type: 'string' },
  remarks: { column: 'remarks', type: 'string' },
  country: { column: "coalesce(fields->>'country', countries->>0)", type: 'string' },
  nationality: fieldText('nationality'),
  reason: fieldText('reason'),
  motive: fieldText('motive'),
  status: fieldText('status'),
  word: fieldText('word'),
  personType: fieldText('personType'),
  dni: fieldText('dni'),
  rut: fieldText('rut'),
  city: fieldText('city'),
  region: fieldText('region'),
  updatedAt: { column: 'updated_at', type: 'date' },
};

const FIELD_KEYS = [
  'personType',
  'dni',
  'rut',
  'nationality',
  'country',
  'reason',
  'motive',
  'status',
  'word',
  'city',
  'region',
] as const;

export function entryView(listId: string, r: repo.ListEntityRow) {
  const extra: Record<string, string> = {};
  for (const k of FIELD_KEYS) {
    const v = r.fields?.[k];
    if (typeof v === 'string' && v) extra[k] = v;
  }
  return {
    id: r.entityId,
    listId,
    versionId: r.versionId,
    schema: r.schema,
    name: r.names[0] ?? '',
    names: r.names,
    identifiers: r.identifiers,
    birthDates: r.birthDates,
    countries: r.countries,
    programs: r.programs,
    remarks: r.remarks,
    ...extra,
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function requireSource(deps: AppDeps, listId: string) {
  const s = await repo.findSource(deps.db, listId);
  if (!s) throw new AppError('LIST_NOT_FOUND');
  return s;
}

export async function listEntries(
  deps: AppDeps,
  listId: string,
  f: { where?: Record<string, unknown>; order?: string | string[]; limit: number; skip: number },
) {
  await requireSource(deps, listId);
  const where = whereToSql(f.where, ENTRY_FIELDS);
  const order = orderToSql(f.order, ENTRY_FIELDS, 'entity_id asc');
  const v = await repo.activeVersion(deps.db, listId);
  if (!v) return [];
  const rows = await repo.queryEntities(deps.db, v.id, where, order, f.limit, f.skip);
  return rows.map((r) => entryView(listId, r));
}

export async function countEntries(deps: AppDeps, listId: string, where?: Record<string, unknown>) {
  await requireSource(deps, listId);
  const w = whereToSql(where, ENTRY_FIELDS);
  const v = await repo.activeVersion(deps.db, listId);
  return v ? repo.countWhere(deps.db, v.id, w) : 0;
}

export async function getEntry(deps: AppDeps, listId: string, id: string) {
  await requireSource(deps, listId);
  const v = await repo.activeVersion(deps.db, listId);
  const r = v ? await repo.findEntity(deps.db, v.id, id) : undefined;
  if (!r) throw new AppError('LIST_ENTRY_NOT_FOUND');
  return entryView(listId, r);
}

type EntryBody = z.infer<typeof PublicListEntryBody>;

function required(listId: string, body: Partial<EntryBody>) {
  if ((listId === 'gafi' || listId === 'rtp') && !body.country)
    throw new AppError('LIST_FIELD_REQUIRED', { field: 'country', params: { field: 'country' } });
  if (listId === 'keywords' && !body.word)
    throw new AppError('LIST_FIELD_REQUIRED', { field: 'word', params: { field: 'word' } });
  if (listId === 'risk-cities' && !body.city)
    throw new AppError('LIST_FIELD_REQUIRED', { field: 'city', params: { field: 'city' } });
}

function toEntity(listId: string, id: string, body: Partial<EntryBody>): ListEntity {
  const fields: Record<string, unknown> = { ...body };
  if (body.country) fields.country = countryCode(body.country);
  const { entity, error } = entityFromFields(listId, id, { ...fields, id });
  if (!entity) throw new AppError('VALIDATION_ERROR', { field: 'name', params: { field: 'name', reason: error } });
  return entity;
}

/** Entries are edited in the list's active version (a manual version is opened when the list has none). */
async function editableVersion(trx: Parameters<Parameters<typeof withSystem>[1]>[0], listId: string, userId: string) {
  const v = await repo.activeVersion(trx, listId);
  if (v) return v;
  return repo.insertVersion(trx, {
    sourceId: listId,
    label: `manual ${new Date().toISOString().slice(0, 10)}`,
    format: 'manual',
    origin: 'manual',
    checksum: null,
    createdBy: userId,
    status: 'active',
  });
}

async function changed(listId: string, revision: number, upserts: ListEntity[], removed: string[]) {
  await maybeState()?.applyEntityChange(listId, revision, upserts, removed);
}

export async function createEntry(deps: AppDeps, auth: AuthContext, listId: string, body: EntryBody) {
  await requireSource(deps, listId);
  required(listId, body);
  const id = listId === 'gafi' || listId === 'rtp' ? countryCode(body.country ?? '') : randomUUID();
  const entity = toEntity(listId, id, body);
  const { row, revision } = await withSystem(deps.db, async (trx) => {
    const v = await editableVersion(trx, listId, auth.userId);
    if (await repo.findEntity(trx, v.id, entity.id)) throw new AppError('CONFLICT', { field: 'country' });
    const row = await repo.upsertEntity(trx, v.id, entity);
    await repo.setEntityCount(trx, v.id, 1);
    const revision = await repo.bumpRevision(trx, listId);
    await insertAudit(trx, {
      companyId: null,
      userId: auth.userId,
      action: 'list.entry.created',
      entity: `list:${listId}`,
      entityId: entity.id,
      after: body,
    });
    return { row, revision };
  });
  await changed(listId, revision, [toListEntity(listId, row)], []);
  return entryView(listId, row);
}

export async function patchEntry(
  deps: AppDeps,
  auth: AuthContext,
  listId: string,
  id: string,
  patch: Partial<EntryBody>,
) {
  await requireSource(deps, listId);
  const { row, revision } = await withSystem(deps.db, async (trx) => {
    const v = await repo.activeVersion(trx, listId);
    const before = v ? await repo.findEntity(trx, v.id, id) : undefined;
    if (!v || !before) throw new AppError('LIST_ENTRY_NOT_FOUND');
    const prev = entryView(listId, before);
    const merged: Partial<EntryBody> = {
      name: prev.name,
      aliases: prev.names.slice(1),
      schema: prev.schema as EntryBody['schema'],
      birthDates: prev.birthDates,
      programs: prev.programs,
      remarks: prev.remarks ?? undefined,
      ...Object.fromEntries(FIELD_KEYS.map((k) => [k, (prev as Record<string, unknown>)[k]])),
      ...patch,
    };
    required(listId, merged);
    const entity = toEntity(listId, id, merged);
    // identifiers that came from the file (OFAC passports...) stay unless a document is given
    if (!patch.dni && !patch.rut) entity.identifiers = before.identifiers;
    const row = await repo.upsertEntity(trx, v.id, entity);
    const revision = await repo.bumpRevision(trx, listId);
    await insertAudit(trx, {
      companyId: null,
      userId: auth.userId,
      action: 'list.entry.updated',
      entity: `list:${listId}`,
      entityId: id,
      before: prev,
      after: patch,
    });
    return { row, revision };
  });
  await changed(listId, revision, [toListEntity(listId, row)], []);
  return entryView(listId, row);
}

export async function deleteEntry(deps: AppDeps, auth: AuthContext, listId: string, id: string) {
  await requireSource(deps, listId);
  const revision = await withSystem(deps.db, async (trx) => {
    const v = await repo.activeVersion(trx, listId);
    const before = v ? await repo.findEntity(trx, v.id, id) : undefined;
    if (!v || !before) throw new AppError('LIST_ENTRY_NOT_FOUND');
    await repo.deleteEntity(trx, v.id, id);
    await repo.setEntityCount(trx, v.id, -1);
    const revision = await repo.bumpRevision(trx, listId);
    await insertAudit(trx, {
      companyId: null,
      userId: auth.userId,
      action: 'list.entry.deleted',
      entity: `list:${listId}`,
      entityId: id,
      before: entryView(listId, before),
    });
    return revision;
  });
  await changed(listId, revision, [], [id]);
}

/** Entries of the active version by id (match answers carry the whole entry). */
export async function entriesByIds(deps: AppDeps, listId: string, ids: string[]) {
  const v = await repo.activeVersion(deps.db, listId);
  const rows = v ? await repo.findEntitiesByIds(deps.db, v.id, ids) : [];
  return new Map(rows.map((r) => [r.entityId, entryView(listId, r)]));
}

/** The entries of a list's active version as screening entities, all or by id. */
export async function activeEntities(deps: AppDeps, listId: string, ids: string[] | 'all') {
  const v = await repo.activeVersion(deps.db, listId);
  if (!v) return [];
  const rows =
    ids === 'all' ? await repo.entitiesOfVersion(deps.db, v.id) : await repo.findEntitiesByIds(deps.db, v.id, ids);
  return rows.map((r) => toListEntity(listId, r));
}
