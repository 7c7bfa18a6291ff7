import { normalizeIdentifier } from '@regcheck/screening';
import {
  ListInternCreateBody as CreateSchema,
  type ListInternCreateBody,
  type ListInternUpdateBody,
  type Locale,
  translate,
} from '@regcheck/shared';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ListInternsTable } from '../../db/tables/list-interns.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { callerCompany as cid, companyListReads, type Listing, softDeleteStamp } from '../../lib/crud';
import { AppError } from '../../lib/errors';
import { fieldsOf } from '../../lib/filter';
import type { AppDeps, Caller } from '../../plugins/context';
import * as repo from './list-interns.repo';

type Row = Selectable<ListInternsTable>;
type CreateBody = z.infer<typeof ListInternCreateBody>;

const LIST_INTERN_FIELDS = fieldsOf(null, {
  id: 'uuid',
  dni: 'string',
  name: 'string',
  reason: 'string',
  personType: 'string',
  country: 'string',
  isActive: 'boolean',
  registeredBy: 'uuid',
  createdAt: 'date',
  updatedAt: 'date',
});

const LISTING: Listing = {
  fields: LIST_INTERN_FIELDS,
  defaultOrder: 'created_at desc, id',
  activeWhen: { field: 'isActive', value: true },
};

/** The document as compared for duplicates: dots, hyphens and spaces removed, upper case (k and K alike). */
export const dniKey = (dni: string) => normalizeIdentifier(dni);

export function toView(r: Row) {
  return {
    id: r.id,
    dni: r.dni,
    name: r.name,
    reason: r.reason,
    otherReason: r.otherReason,
    personType: r.personType,
    country: r.country,
    isActive: r.isActive,
    registeredBy: r.registeredBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const audited = (r: Row) => ({
  dni: r.dni,
  name: r.name,
  reason: r.reason,
  personType: r.personType,
  isActive: r.isActive,
});

export const { list, count, get } = companyListReads(LISTING, {
  list: repo.list,
  count: repo.count,
  find: repo.findById,
  notFound: () => new AppError('LIST_INTERN_NOT_FOUND', { messageKey: 'LIST_ENTRY_NOT_FOUND' }),
  view: toView,
});

/** GET /list-interns/by-dni/{dni}: 404 'No records associated with the entered DNI' when absent. */
export async function getByDni(deps: AppDeps, caller: Caller, dni: string) {
  const c = cid(caller);
  const r = await withTenant(deps.db, c, (trx) => repo.findActiveByDniKey(trx, c, dniKey(dni)));
  if (!r) throw new AppError('LIST_INTERN_NOT_FOUND', { field: 'dni' });
  return toView(r);
}

/** `unique`: the caller has just found no active entry with this document in the same transaction. */
async function insertOne(trx: Executor, c: string, caller: Caller, body: CreateBody, unique = false) {
  const key = dniKey(body.dni);
  if (!key)
    throw new AppError('VALIDATION_ERROR', { field: 'dni', params: { field: 'dni', reason: 'empty document' } });
  const dup = unique ? undefined : await repo.findActiveByDniKey(trx, c, key);
  if (dup)
    throw new AppError('LIST_INTERN_DUPLICATE', { field: 'dni', params: { dni: body.dni }, details: { id: dup.id } });
  const row = await repo.insert(trx, c, {
    dni: body.dni,
    dniKey: key,
    name: body.name ?? null,
    personType: body.personType,
    reason: body.reason ?? null,
    otherReason: body.otherReason ?? null,
    country: body.country?.toUpperCase() ?? null,
    registeredBy: caller.auth.userId,
  });
  await audit(trx, caller, {
    action: 'list_intern.created',
    entity: 'list_intern',
    id: row.id,
    after: audited(row),
  });
  return row;
}

/** POST /list-interns: a dni already in the list answers 409 LIST_INTERN_DUPLICATE (details.id: the record). */
export async function create(deps: AppDeps, caller: Caller, body: CreateBody) {
  const c = cid(caller);
  return toView(await withTenant(deps.db, c, (trx) => insertOne(trx, c, caller, body)));
}

async function updateOne(
  trx: Executor,
  c: string,
  caller: Caller,
  id: string,
  body: z.infer<typeof ListInternUpdateBody>,
) {
  const before = await repo.findById(trx, c, id);
  if (!before) throw new AppError('LIST_INTERN_NOT_FOUND', { messageKey: 'LIST_ENTRY_NOT_FOUND' });
  const key = body.dni !== undefined ? dniKey(body.dni) : undefined;
  // a new document, or a removed entry brought back, must not repeat another active entry's document
  if (key !== undefined || (body.isActive === true && !before.isActive)) {
    const dup = await repo.findActiveByDniKey(trx, c, key ?? before.dniKey);
    if (dup && dup.id !== id)
      throw new AppError('LIST_INTERN_DUPLICATE', {
        field: 'dni',
        params: { dni: body.dni ?? before.dni },
        details: { id: dup.id },
      });
  }
  const removing = body.isActive === false && before.isActive;
  const after = await repo.update(trx, c, id, {
    ...(body.dni !== undefined ? { dni: body.dni, dniKey: key } : {}),
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.reason !== undefined ? { reason: body.reason } : {}),
    ...(body.otherReason !== undefined ? { otherReason: body.otherReason } : {}),
    ...(body.personType !== undefined ? { personType: body.personType } : {}),
    ...(body.country !== undefined ? { country: body.country?.toUpperCase() ?? null } : {}),
    ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
    ...softDeleteStamp(removing, body.isActive === true, caller.auth.userId),
  });
  await audit(trx, caller, {
    action: removing ? 'list_intern.deleted' : 'list_intern.updated',
    entity: 'list_intern',
    id,
    before: audited(before),
    after: audited(after),
  });
  return after;
}

/** PATCH /list-interns/{id}; {isActive:false} removes the entry (soft, audited). */
export async function patch(deps: AppDeps, caller: Caller, id: string, body: z.infer<typeof ListInternUpdateBody>) {
  const c = cid(caller);
  return toView(await withTenant(deps.db, c, (trx) => updateOne(trx, c, caller, id, body)));
}

/**
 * POST /list-interns/massive-bulk: many entries at once. Each bad item is reported with its index and field;
 * an item whose dni is already in the list is updated with `update: true`, else reported as a duplicate.
 */
export async function massiveBulk(
  deps: AppDeps,
  caller: Caller,
  items: Record<string, unknown>[],
  update: boolean,
  locale: Locale,
) {
  const c = cid(caller);
  const errors: { index: number; field: string; code: string; message: string }[] = [];
  let created = 0;
  let updated = 0;
  await withTenant(deps.db, c, async (trx) => {
    for (const [index, raw] of items.entries()) {
      const parsed = CreateSchema.safeParse({
        ...raw,
        dni: typeof raw.dni === 'string' ? raw.dni.trim().replace(/k$/, 'K') : raw.dni,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'item';
        errors.push({
          index,
          field,
          code: 'VALIDATION_ERROR',
          message: translate(locale, 'VALIDATION_ERROR', { field, reason: issue?.message ?? 'invalid' }),
        });
        continue;
      }
      const dup = await repo.findActiveByDniKey(trx, c, dniKey(parsed.data.dni));
      if (dup && update) {
        await updateOne(trx, c, caller, dup.id, { ...parsed.data, dni: undefined });
        updated++;
      } else if (dup) {
        errors.push({
          index,
          field: 'dni',
          code: 'LIST_INTERN_DUPLICATE',
          message: translate(locale, 'LIST_INTERN_DUPLICATE', { dni: parsed.data.dni }),
        });
      } else {
        await insertOne(trx, c, caller, parsed.data, true);
        created++;
      }
    }
  });
  return { created, updated, errors };
}

/** The company's active entries, read in the caller's transaction by the screening of the company's own lists. */
export function activeForScreening(ex: Executor, companyId: string) {
  return repo.activeForScreening(ex, companyId);
}

/** A cheap stamp of the company's list of interest that changes whenever an entry is added, changed or removed. */
export function screeningStamp(ex: Executor, companyId: string) {
  return repo.stamp(ex, companyId);
}
