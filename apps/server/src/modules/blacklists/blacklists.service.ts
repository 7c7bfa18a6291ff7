import { normalizeIdentifier } from '@regcheck/screening';
import type { BlacklistBody, BlacklistPatch, BlacklistReasonBody, BlacklistReasonPatch } from '@regcheck/shared';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { BlacklistReasonsTable } from '../../db/tables/blacklists.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { type AuditAction, audit } from '../../lib/audit';
import { callerCompany as cid, companyListReads, type Listing, softDeleteStamp } from '../../lib/crud';
import { AppError } from '../../lib/errors';
import { fieldsOf } from '../../lib/filter';
import type { AppDeps, Caller } from '../../plugins/context';
import * as repo from './blacklists.repo';

// ------------------------------------------------------------ reasons

const REASON_FIELDS = fieldsOf(null, {
  id: 'uuid',
  text: 'string',
  isActive: 'boolean',
  createdAt: 'date',
});

const REASONS: Listing = {
  fields: REASON_FIELDS,
  defaultOrder: 'text asc, id',
  activeWhen: { field: 'isActive', value: true },
};

export function reasonView(r: Selectable<BlacklistReasonsTable>) {
  return {
    id: r.id,
    text: r.text,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const {
  list: listReasons,
  count: countReasons,
  get: getReason,
} = companyListReads(REASONS, {
  list: repo.listReasons,
  count: repo.countReasons,
  find: repo.findReason,
  notFound: () => new AppError('BLACKLIST_REASON_NOT_FOUND'),
  view: reasonView,
});

export async function createReason(deps: AppDeps, caller: Caller, body: z.infer<typeof BlacklistReasonBody>) {
  const c = cid(caller);
  return withTenant(deps.db, c, async (trx) => {
    const r = await repo.insertReason(trx, c, { text: body.text, createdBy: caller.auth.userId });
    await audit(trx, caller, {
      action: 'blacklist_reason.created',
      entity: 'blacklist_reason',
      id: r.id,
      after: { text: r.text },
    });
    return reasonView(r);
  });
}

/** PUT and PATCH /blacklist-reasons/{id}; DELETE removes it (soft: the blacklist records keep their reason). */
export async function updateReason(
  deps: AppDeps,
  caller: Caller,
  id: string,
  body: z.infer<typeof BlacklistReasonPatch>,
  action: AuditAction = 'blacklist_reason.updated',
) {
  const c = cid(caller);
  return withTenant(deps.db, c, async (trx) => {
    const before = await repo.findReason(trx, c, id);
    if (!before) throw new AppError('BLACKLIST_REASON_NOT_FOUND');
    const after = await repo.updateReason(trx, c, id, {
      ...(body.text !== undefined ? { text: body.text } : {}),
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
    });
    await audit(trx, caller, {
      action,
      entity: 'blacklist_reason',
      id: id,
      before: { text: before.text, isActive: before.isActive },
      after: { text: after.text, isActive: after.isActive },
    });
    return reasonView(after);
  });
}

// ------------------------------------------------------------ blacklists

const BLACKLIST_FIELDS = fieldsOf('blacklists', {
  id: 'uuid',
  dni: 'string',
  name: 'string',
  personType: 'string',
  country: 'string',
  reasonId: 'uuid',
  comment: 'string',
  status: 'string',
  createdBy: 'uuid',
  createdAt: 'date',
  updatedAt: 'date',
});

const BLACKLISTS: Listing = {
  fields: BLACKLIST_FIELDS,
  defaultOrder: 'blacklists.created_at desc, blacklists.id',
  activeWhen: { field: 'status', value: 'active' },
};

export function blacklistView(r: repo.BlacklistRow) {
  return {
    id: r.id,
    dni: r.dni,
    name: r.name,
    personType: r.personType,
    country: r.country,
    reasonId: r.reasonId,
    reason: r.reasonId && r.reasonText !== null ? { id: r.reasonId, text: r.reasonText } : null,
    comment: r.comment,
    status: r.status,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const auditedBl = (r: repo.BlacklistRow) => ({
  dni: r.dni,
  name: r.name,
  personType: r.personType,
  reasonId: r.reasonId,
  comment: r.comment,
  status: r.status,
});

/** GET /blacklists: active records unless the where asks about status. */
export const {
  list: listBlacklists,
  count: countBlacklists,
  get: getBlacklist,
} = companyListReads(BLACKLISTS, {
  list: repo.listBlacklists,
  count: repo.countBlacklists,
  find: repo.findBlacklist,
  notFound: () => new AppError('BLACKLIST_NOT_FOUND'),
  view: blacklistView,
});

/** A reason named in the body must be one of the caller's company's: 404 BLACKLIST_REASON_NOT_FOUND otherwise. */
async function checkReason(trx: Executor, c: string, reasonId: string | null | undefined) {
  if (reasonId && !(await repo.findReason(trx, c, reasonId)))
    throw new AppError('BLACKLIST_REASON_NOT_FOUND', { field: 'reasonId' });
}

export async function createBlacklist(deps: AppDeps, caller: Caller, body: z.infer<typeof BlacklistBody>) {
  const c = cid(caller);
  return withTenant(deps.db, c, async (trx) => {
    await checkReason(trx, c, body.reasonId);
    const id = await repo.insertBlacklist(trx, c, {
      dni: body.dni,
      dniKey: normalizeIdentifier(body.dni),
      name: body.name ?? null,
      personType: body.personType,
      country: body.country?.toUpperCase() ?? null,
      reasonId: body.reasonId ?? null,
      comment: body.comment ?? null,
      createdBy: caller.auth.userId,
    });
    const row = (await repo.findBlacklist(trx, c, id)) as repo.BlacklistRow;
    await audit(trx, caller, {
      action: 'blacklist.created',
      entity: 'blacklist',
      id: id,
      after: auditedBl(row),
    });
    return blacklistView(row);
  });
}

/**
 * PATCH (partial) and PUT (whole record: absent optional fields are cleared) /blacklists/{id}.
 * status inactive is the delete (soft, with who and when).
 */
export async function updateBlacklist(
  deps: AppDeps,
  caller: Caller,
  id: string,
  body: z.infer<typeof BlacklistPatch>,
  replace = false,
) {
  const c = cid(caller);
  const b = replace
    ? {
        name: null,
        country: null,
        reasonId: null,
        comment: null,
        personType: 'natural' as const,
        ...body,
      }
    : body;
  return withTenant(deps.db, c, async (trx) => {
    const before = await repo.findBlacklist(trx, c, id);
    if (!before) throw new AppError('BLACKLIST_NOT_FOUND');
    await checkReason(trx, c, b.reasonId);
    const removing = b.status === 'inactive' && before.status === 'active';
    await repo.updateBlacklist(trx, c, id, {
      ...(b.dni !== undefined ? { dni: b.dni, dniKey: normalizeIdentifier(b.dni) } : {}),
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.personType !== undefined ? { personType: b.personType } : {}),
      ...(b.country !== undefined ? { country: b.country?.toUpperCase() ?? null } : {}),
      ...(b.reasonId !== undefined ? { reasonId: b.reasonId } : {}),
      ...(b.comment !== undefined ? { comment: b.comment } : {}),
      ...(b.status !== undefined ? { status: b.status } : {}),
      ...softDeleteStamp(removing, b.status === 'active', caller.auth.userId),
    });
    const after = (await repo.findBlacklist(trx, c, id)) as repo.BlacklistRow;
    await audit(trx, caller, {
      action: removing ? 'blacklist.deleted' : 'blacklist.updated',
      entity: 'blacklist',
      id: id,
      before: auditedBl(before),
      after: auditedBl(after),
    });
    return blacklistView(after);
  });
}

// ------------------------------------------------------------ screening

/** The company's active records, read in the caller's transaction by the screening of the company's own lists. */
export function activeForScreening(ex: Executor, companyId: string) {
  return repo.activeForScreening(ex, companyId);
}

/** A cheap stamp of the company's blacklist that changes whenever a record is added, changed or removed. */
export function screeningStamp(ex: Executor, companyId: string) {
  return repo.stamp(ex, companyId);
}
