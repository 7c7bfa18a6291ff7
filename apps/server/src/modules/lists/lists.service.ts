import { listFreshness } from '@regcheck/shared';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import { withSystem } from '../../db/tenant';
import { type AuditActor, audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { fieldsOf } from '../../lib/filter';
import { urlProblem } from '../../lib/outbound-http';
import type { AppDeps, Caller } from '../../plugins/context';
import * as repo from './lists.repo';

/*
 * The lists and their versions (GET/PATCH /lists...). Importing a file is lists.import.ts; the entries of the
 * public lists are public-lists.service.ts; the in-memory index is lists.index.ts.
 */

/** Lists are the platform's, not a company's: their audit rows name the user and the request, never a company. */
export function platformActor(caller: Caller | null): AuditActor {
  if (!caller) return { companyId: null, userId: null };
  return { companyId: null, userId: caller.auth.userId, ip: caller.ip, requestId: caller.requestId };
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
    publishedAt: v.publishedAt?.toISOString() ?? null,
  };
}

/** How fresh a list is, from its row and its version in force (decision 165). */
export function freshnessOf(s: repo.ListSourceRow, v: repo.ListVersionRow | undefined, now = new Date()) {
  return listFreshness(
    {
      entityCount: v?.entityCount ?? 0,
      hasVersion: !!v,
      versionDate: v ? (v.publishedAt ?? v.activatedAt) : null,
      lastSuccessAt: s.lastSuccessAt,
      updateIntervalHours: s.updateIntervalHours,
    },
    now,
  );
}

/**
 * Every list's name and freshness by id (the screening result, the dashboard and the reports say which version a
 * person was screened against and how old it is).
 */
export async function freshnessByList(deps: AppDeps, now = new Date()) {
  const [sources, versions] = await Promise.all([repo.listSources(deps.db), repo.activeVersions(deps.db)]);
  return new Map(
    sources.map((s) => {
      const v = versions.find((x) => x.sourceId === s.id);
      return [s.id, { id: s.id, name: s.name, kind: s.kind, label: v?.label ?? null, ...freshnessOf(s, v, now) }];
    }),
  );
}

export const SOURCE_FIELDS = fieldsOf(null, {
  id: 'string',
  name: 'string',
  kind: 'string',
  format: 'string',
  fetchEnabled: 'boolean',
  updatedAt: 'date',
});

/** GET /lists: the available lists with their current version and entity count. */
export async function listSourceViews(
  deps: AppDeps,
  f: { where?: Record<string, unknown>; order?: string | string[]; limit: number; skip: number },
) {
  const where = whereToSql(f.where, SOURCE_FIELDS);
  const order = orderToSql(f.order, SOURCE_FIELDS, 'id asc');
  const rows = await repo.querySources(deps.db, where, order, f.limit, f.skip);
  const versions = await repo.activeVersions(deps.db);
  const latest = await repo.latestVersions(
    deps.db,
    rows.map((s) => s.id),
  );
  return rows.map((s) =>
    sourceView(
      s,
      versions.find((v) => v.sourceId === s.id),
      latest.find((v) => v.sourceId === s.id),
    ),
  );
}

export async function countSources(deps: AppDeps, where?: Record<string, unknown>) {
  return repo.countSources(deps.db, whereToSql(where, SOURCE_FIELDS));
}

function sourceView(s: repo.ListSourceRow, v: repo.ListVersionRow | undefined, last?: repo.ListVersionRow) {
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
    lastVersion: last ? versionView(last) : v ? versionView(v) : null,
    updateIntervalHours: s.updateIntervalHours,
    freshness: freshnessOf(s, v),
  };
}

export async function getSourceView(deps: AppDeps, id: string) {
  const s = await repo.findSource(deps.db, id);
  if (!s) throw new AppError('LIST_NOT_FOUND');
  const [last] = await repo.latestVersions(deps.db, [id]);
  return sourceView(s, await repo.activeVersion(deps.db, id), last);
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
  caller: Caller,
  id: string,
  patch: { name?: string; sourceUrl?: string | null; fetchEnabled?: boolean; updateIntervalHours?: number | null },
) {
  if (patch.sourceUrl && urlProblem(deps.config.outbound, patch.sourceUrl))
    throw new AppError('OUTBOUND_URL_REFUSED', { field: 'sourceUrl', params: { field: 'sourceUrl' } });
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findSource(trx, id);
    if (!before) throw new AppError('LIST_NOT_FOUND');
    const after = await repo.updateSource(trx, id, patch);
    await audit(trx, platformActor(caller), {
      action: 'list.source.updated',
      entity: 'list_source',
      id,
      before: {
        name: before.name,
        sourceUrl: before.sourceUrl,
        fetchEnabled: before.fetchEnabled,
        updateIntervalHours: before.updateIntervalHours,
      },
      after: patch,
    });
    return sourceView(after ?? before, await repo.activeVersion(trx, id));
  });
}
