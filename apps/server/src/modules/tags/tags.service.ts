import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps, Caller, TenantCaller } from '../../plugins/context';
import { fichaError } from '../fichas';
import { mayDeleteTags } from './tags.policy';
import * as repo from './tags.repo';

type TagRow = Awaited<ReturnType<typeof repo.insertTag>>;

export function toTagView(t: TagRow) {
  return {
    id: t.id,
    companyId: t.companyId,
    name: t.name,
    active: t.active,
    appliesTo: t.appliesTo,
    createdAt: new Date(t.createdAt).toISOString(),
  };
}

/** The audit actor of a change the caller makes in a company that may not be theirs (the super administrator). */
function inCompanyOf(caller: Caller, companyId: string) {
  return { companyId, userId: caller.auth.userId, ip: caller.ip, requestId: caller.requestId };
}

function conflict(err: unknown, name: string): never {
  if ((err as { code?: string }).code === '23505') throw fichaError('TAG_EXISTS', { field: 'name', params: { name } });
  throw err;
}

export function list(
  deps: AppDeps,
  caller: TenantCaller,
  f: { appliesTo?: string; active?: boolean; limit: number; skip: number },
) {
  return withTenant(deps.db, caller.companyId, (trx) => repo.listTags(trx, caller.companyId, f));
}

/** The tags already on the company's records (fichas and operations), with their number of records. */
export function inUse(deps: AppDeps, caller: TenantCaller) {
  return withTenant(deps.db, caller.companyId, (trx) => repo.tagsInUse(trx, caller.companyId));
}

export async function create(
  deps: AppDeps,
  caller: TenantCaller,
  b: { name: string; active?: boolean; appliesTo: 'fichas' | 'operations' },
) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await repo
      .insertTag(trx, {
        companyId: caller.companyId,
        name: b.name,
        active: b.active ?? true,
        appliesTo: b.appliesTo,
        createdBy: caller.auth.userId,
      })
      .catch((e) => conflict(e, b.name));
    await audit(trx, caller, { action: 'tag.created', entity: 'tag', id: row.id, after: toTagView(row) });
    return row;
  });
}

export async function update(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  b: { name?: string; active?: boolean; appliesTo?: 'fichas' | 'operations' },
) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await repo.findTag(trx, caller.companyId, id);
    if (!before) throw fichaError('TAG_NOT_FOUND');
    const row = await repo.updateTag(trx, caller.companyId, id, b).catch((e) => conflict(e, b.name ?? ''));
    if (!row) throw fichaError('TAG_NOT_FOUND');
    await audit(trx, caller, {
      action: 'tag.updated',
      entity: 'tag',
      id,
      before: toTagView(before),
      after: toTagView(row),
    });
    return row;
  });
}

/**
 * DELETE /tags/{id}: only the super administrator ('This tag can only be deleted by the super admin'); the tag
 * is removed everywhere (from every ficha that carries it), audited.
 */
export async function remove(deps: AppDeps, caller: Caller, id: string) {
  if (!mayDeleteTags(caller)) throw fichaError('TAG_DELETE_SUPERADMIN_ONLY');
  return withSystem(deps.db, async (trx) => {
    const tag = await repo.findTag(trx, null, id);
    if (!tag) throw fichaError('TAG_NOT_FOUND');
    const fichas = tag.appliesTo === 'fichas' ? await repo.removeTagFromFichas(trx, tag.companyId, tag.name) : 0;
    await repo.deleteTag(trx, tag.companyId, id);
    // the tag's company, not the caller's: the super administrator has none
    await audit(trx, inCompanyOf(caller, tag.companyId), {
      action: 'tag.deleted',
      entity: 'tag',
      id,
      before: toTagView(tag),
      after: { fichasUpdated: fichas },
    });
    return { ok: true as const, fichasUpdated: fichas };
  });
}

/** POST /tools/clean-existing-tags: drops from the company's fichas the tags that no longer exist or are inactive. */
export async function cleanExisting(deps: AppDeps, caller: Caller, companyId: string) {
  return withTenant(deps.db, companyId, async (trx) => {
    const fichasUpdated = await repo.cleanFichaTags(trx, companyId);
    await audit(trx, inCompanyOf(caller, companyId), {
      action: 'tags.cleaned',
      entity: 'tag',
      after: { fichasUpdated },
    });
    return { fichasUpdated };
  });
}
