import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { mustFind } from './fichas.queries';
import * as repo from './fichas.repo';
import { json } from './fichas.view';

/** The history of a ficha: its audit rows (and those of its relationships) as lists of changed fields. */

/** Fields left out of the history's diffs: bookkeeping that changes with every write. */
const HISTORY_IGNORED = new Set(['updatedAt', 'updatedBy', 'companyId', 'searchName']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The changed fields between an audit row's before and after (objects compared by value). */
export function auditChanges(before: unknown, after: unknown) {
  const b = (json<Record<string, unknown> | null>(before) ?? {}) as Record<string, unknown>;
  const a = (json<Record<string, unknown> | null>(after) ?? {}) as Record<string, unknown>;
  const isObj = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(b) || !isObj(a)) return [{ field: 'value', before: b ?? null, after: a ?? null }];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HISTORY_IGNORED.has(k));
  return keys
    .filter((k) => !same(b[k], a[k]))
    .filter((k) => !(b[k] == null && Object.keys(b).length === 0 && (a[k] == null || same(a[k], []))))
    .map((k) => ({ field: k, before: b[k] ?? null, after: a[k] ?? null }));
}

/** The name of the related person an audited relationship carries (since they are written with it). */
function relatedNameOf(v: unknown): string | null {
  const related = json<{ related?: { fullName?: unknown } } | null>(v)?.related;
  return typeof related?.fullName === 'string' && related.fullName ? related.fullName : null;
}

/** GET /fichas-clientes/{id}/history: the audit rows of the ficha and of its relationships, newest first. */
export async function history(deps: AppDeps, caller: TenantCaller, id: string, limit: number, skip: number) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    await mustFind(trx, caller.companyId, id);
    const { rows, count } = await repo.fichaHistory(trx, caller.companyId, id, limit, skip);
    return {
      count,
      data: rows.map((r) => ({
        id: r.id,
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        userId: r.userId,
        userName: r.userName,
        createdAt: new Date(r.createdAt).toISOString(),
        changes: auditChanges(r.before, r.after),
        relatedName: r.entity === 'fichaRelationship' ? relatedNameOf(r.after) || relatedNameOf(r.before) : null,
      })),
    };
  });
}
