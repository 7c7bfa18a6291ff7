import { withSystem, withTenant } from '../../db/tenant';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import { fichaError } from '../fichas/fichas.errors';
import type { Ctx } from '../fichas/fichas.service';
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

function conflict(err: unknown, name: string): never {
  if ((err as { code?: string }).code === '23505') throw fichaError('TAG_EXISTS', 'name', { name });
  throw err;
}

export function list(
  deps: AppDeps,
  ctx: Ctx,
  f: { appliesTo?: string; active?: boolean; limit: number; skip: number },
) {
  return withTenant(deps.db, ctx.companyId, (trx) => repo.listTags(trx, ctx.companyId, f));
}

export async function create(
  deps: AppDeps,
  ctx: Ctx,
  b: { name: string; active?: boolean; appliesTo: 'fichas' | 'operations' },
) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const row = await repo
      .insertTag(trx, {
        companyId: ctx.companyId,
        name: b.name,
        active: b.active ?? true,
        appliesTo: b.appliesTo,
        createdBy: ctx.auth.userId,
      })
      .catch((e) => conflict(e, b.name));
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'tag.created',
      entity: 'tag',
      entityId: row.id,
      after: toTagView(row),
    });
    return row;
  });
}

export async function update(
  deps: AppDeps,
  ctx: Ctx,
  id: string,
  b: { name?: string; active?: boolean; appliesTo?: 'fichas' | 'operations' },
) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const before = await repo.findTag(trx, ctx.companyId, id);
    if (!before) throw fichaError('TAG_NOT_FOUND');
    const row = await repo.updateTag(trx, ctx.companyId, id, b).catch((e) => conflict(e, b.name ?? ''));
    if (!row) throw fichaError('TAG_NOT_FOUND');
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'tag.updated',
      entity: 'tag',
      entityId: id,
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
export async function remove(deps: AppDeps, auth: AuthContext, id: string) {
  if (auth.role !== 'superAdmin') throw fichaError('TAG_DELETE_SUPERADMIN_ONLY');
  return withSystem(deps.db, async (trx) => {
    const tag = await repo.findTag(trx, null, id);
    if (!tag) throw fichaError('TAG_NOT_FOUND');
    const fichas = tag.appliesTo === 'fichas' ? await repo.removeTagFromFichas(trx, tag.companyId, tag.name) : 0;
    await repo.deleteTag(trx, tag.companyId, id);
    await insertAudit(trx, {
      companyId: tag.companyId,
      userId: auth.userId,
      action: 'tag.deleted',
      entity: 'tag',
      entityId: id,
      before: toTagView(tag),
      after: { fichasUpdated: fichas },
    });
    return { ok: true as const, fichasUpdated: fichas };
  });
}

/** POST /tools/clean-existing-tags: drops from the company's fichas the tags that no longer exist or are inactive. */
export async function cleanExisting(deps: AppDeps, auth: AuthContext, companyId: string) {
  return withTenant(deps.db, companyId, async (trx) => {
    const fichasUpdated = await repo.cleanFichaTags(trx, companyId);
    await insertAudit(trx, {
      companyId,
      userId: auth.userId,
      action: 'tags.cleaned',
      entity: 'tag',
      after: { fichasUpdated },
    });
    return { fichasUpdated };
  });
}
