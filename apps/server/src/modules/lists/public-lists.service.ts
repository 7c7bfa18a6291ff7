import { randomUUID } from 'node:crypto';
import { countryCode, type ListEntity } from '@regcheck/screening';
import type { PublicListEntryBody } from '@regcheck/shared';
import type { z } from 'zod';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import { withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { fieldsOf } from '../../lib/filter';
import type { AppDeps, Caller } from '../../plugins/context';
import { startedState, toListEntity } from './lists.index';
import { ENTRY_FIELD_KEYS, entityFromFields } from './lists.parse';
import * as repo from './lists.repo';
import { platformActor } from './lists.service';

/*
 * The entries of the public lists of the spec (gafi, interpol, keywords, ofac, onu, pdi, rtp, ...): list, count,
 * one, create, change, delete in the list's active version. Every write moves the list's revision and updates
 * the screening index of this process (the other processes follow through the revision poll).
 */

const fieldText = (k: string) => ({ column: `(fields->>'${k}')`, type: 'string' as const });
export const ENTRY_FIELDS = fieldsOf(null, {
  id: { column: 'entity_id', type: 'string' },
  name: { column: '(names->>0)', type: 'string' },
  /** every name and alias (a search over aliases: {"names": {"ilike": "..."}}) */
  names: { column: '(names::text)', type: 'string' },
  /** the documents, as text */
  identifiers: { column: '(identifiers::text)', type: 'string' },
  schema: 'string',
  remarks: 'string',
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
  updatedAt: 'date',
});

const FIELD_KEYS = ENTRY_FIELD_KEYS;

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
  await startedState()?.applyEntityChange(listId, revision, upserts, removed);
}

export async function createEntry(deps: AppDeps, caller: Caller, listId: string, body: EntryBody) {
  await requireSource(deps, listId);
  required(listId, body);
  const id = listId === 'gafi' || listId === 'rtp' ? countryCode(body.country ?? '') : randomUUID();
  const entity = toEntity(listId, id, body);
  const { row, revision } = await withSystem(deps.db, async (trx) => {
    const v = await editableVersion(trx, listId, caller.auth.userId);
    if (await repo.findEntity(trx, v.id, entity.id)) throw new AppError('CONFLICT', { field: 'country' });
    const row = await repo.upsertEntity(trx, v.id, entity);
    await repo.setEntityCount(trx, v.id, 1);
    const revision = await repo.bumpRevision(trx, listId);
    await audit(trx, platformActor(caller), {
      action: 'list.entry.created',
      entity: `list:${listId}`,
      id: entity.id,
      after: body,
    });
    return { row, revision };
  });
  await changed(listId, revision, [toListEntity(listId, row)], []);
  return entryView(listId, row);
}

export async function patchEntry(deps: AppDeps, caller: Caller, listId: string, id: string, patch: Partial<EntryBody>) {
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
    await audit(trx, platformActor(caller), {
      action: 'list.entry.updated',
      entity: `list:${listId}`,
      id,
      before: prev,
      after: patch,
    });
    return { row, revision };
  });
  await changed(listId, revision, [toListEntity(listId, row)], []);
  return entryView(listId, row);
}

export async function deleteEntry(deps: AppDeps, caller: Caller, listId: string, id: string) {
  await requireSource(deps, listId);
  const revision = await withSystem(deps.db, async (trx) => {
    const v = await repo.activeVersion(trx, listId);
    const before = v ? await repo.findEntity(trx, v.id, id) : undefined;
    if (!v || !before) throw new AppError('LIST_ENTRY_NOT_FOUND');
    await repo.deleteEntity(trx, v.id, id);
    await repo.setEntityCount(trx, v.id, -1);
    const revision = await repo.bumpRevision(trx, listId);
    await audit(trx, platformActor(caller), {
      action: 'list.entry.deleted',
      entity: `list:${listId}`,
      id,
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
