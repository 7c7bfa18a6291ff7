import type { SearchLogBody, SearchLogPatch } from '@regcheck/shared';
import type { z } from 'zod';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { callerCompany as company, companyListReads, type Listing, softDeleteStamp } from '../../lib/crud';
import { AppError } from '../../lib/errors';
import { fieldsOf } from '../../lib/filter';
import type { AppDeps, Caller } from '../../plugins/context';
import * as repo from './search-logs.repo';

const SEARCH_LOG_FIELDS = fieldsOf('search_logs', {
  id: 'uuid',
  userId: 'uuid',
  kind: 'string',
  name: 'string',
  dni: 'string',
  personType: 'string',
  country: 'string',
  total: 'number',
  comment: 'string',
  isActive: 'boolean',
  createdAt: 'date',
});

/** Soft-deleted logs are left out unless the where asks about isActive. */
const LISTING: Listing = {
  fields: SEARCH_LOG_FIELDS,
  defaultOrder: 'search_logs.created_at desc, search_logs.id',
  activeWhen: { field: 'isActive', value: true },
};

type Row = repo.SearchLogRow;

export function toView(r: Row) {
  return {
    id: r.id,
    userId: r.userId,
    userName: r.userName ?? null,
    kind: r.kind,
    name: r.name,
    dni: r.dni,
    personType: r.personType,
    country: r.country,
    total: r.total,
    coincidences: r.coincidences ?? [],
    comment: r.comment,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
  };
}

export const { list, count, get } = companyListReads(LISTING, {
  list: repo.listLogs,
  count: repo.countLogs,
  find: repo.findLog,
  notFound: () => new AppError('SEARCH_LOG_NOT_FOUND'),
  view: toView,
});

/** POST /search-logs: a search made elsewhere (e.g. on a ficha), recorded with who and when. */
export async function create(deps: AppDeps, caller: Caller, body: z.infer<typeof SearchLogBody>) {
  const cid = company(caller);
  return withTenant(deps.db, cid, async (trx) => {
    const id = await repo.insertLog(trx, cid, {
      userId: caller.auth.userId,
      kind: body.kind ?? 'manual',
      name: body.name ?? null,
      dni: body.dni ?? null,
      personType: body.personType ?? null,
      country: body.country ?? null,
      query: JSON.stringify(body),
      total: body.total ?? 0,
      coincidences: JSON.stringify(body.coincidences ?? []),
      comment: body.comment ?? null,
    });
    return toView((await repo.findLog(trx, cid, id)) as Row);
  });
}

/** PATCH /search-logs/{id}: comment, or {isActive:false} to remove it (soft, audited). */
export async function patch(deps: AppDeps, caller: Caller, id: string, body: z.infer<typeof SearchLogPatch>) {
  const cid = company(caller);
  return withTenant(deps.db, cid, async (trx) => {
    const before = await repo.findLog(trx, cid, id);
    if (!before) throw new AppError('SEARCH_LOG_NOT_FOUND');
    const removing = body.isActive === false && before.isActive;
    await repo.updateLog(trx, cid, id, {
      ...(body.comment !== undefined ? { comment: body.comment } : {}),
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      ...softDeleteStamp(removing, body.isActive === true, caller.auth.userId),
    });
    await audit(trx, caller, {
      action: removing ? 'search_log.deleted' : 'search_log.updated',
      entity: 'search_log',
      id,
      before: { comment: before.comment, isActive: before.isActive },
      after: body,
    });
    return toView((await repo.findLog(trx, cid, id)) as Row);
  });
}

function monthStart(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Throws 429 REQUEST_LIMIT_REACHED when the company's searches of this month reached its contracted limit
 * (company setting `requestLimit`; null or absent means unlimited).
 */
export async function assertWithinLimit(trx: Executor, companyId: string, limit: number | null | undefined) {
  if (limit === null || limit === undefined) return;
  const used = await repo.countSince(trx, companyId, 'individual', monthStart());
  if (used >= limit) throw new AppError('REQUEST_LIMIT_REACHED', { params: { limit } });
}

/** Records a screening made by the individual search, checking the monthly limit (if any) under a per-company lock. */
export async function recordSearch(
  deps: AppDeps,
  caller: Caller,
  limit: number | null | undefined,
  entry: {
    name: string | null;
    dni: string | null;
    personType: string | null;
    country: string | null;
    query: Record<string, unknown>;
    total: number;
    coincidences: string[];
  },
) {
  const cid = company(caller);
  return withTenant(deps.db, cid, async (trx) => {
    // the lock makes count-then-insert atomic; without a contracted limit there is nothing to count, and searches of
    // one company need not wait for each other
    if (limit !== null && limit !== undefined) {
      await repo.lockSearches(trx, cid);
      await assertWithinLimit(trx, cid, limit);
    }
    return repo.insertLog(trx, cid, {
      userId: caller.auth.userId,
      kind: 'individual',
      name: entry.name,
      dni: entry.dni,
      personType: entry.personType,
      country: entry.country,
      query: JSON.stringify(entry.query),
      total: entry.total,
      coincidences: JSON.stringify(entry.coincidences),
    });
  });
}

/** The same check outside the lock, before the screening work is done. */
export async function checkLimit(deps: AppDeps, caller: Caller, limit: number | null | undefined) {
  const cid = company(caller);
  await withTenant(deps.db, cid, (trx) => assertWithinLimit(trx, cid, limit));
}

/** GET /search-logs/users?kind=: who has searches of that kind (the individual search by default). */
export function users(deps: AppDeps, caller: Caller, kind = 'individual') {
  const c = company(caller);
  return withTenant(deps.db, c, (trx) => repo.logUsers(trx, c, kind));
}
