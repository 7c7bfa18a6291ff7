import type { Executor } from './tenant';

export interface AuditEntry {
  companyId: string | null;
  userId: string | null;
  action: string;
  entity?: string | null;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  requestId?: string | null;
}

/** One audit row as stored. */
function auditRow(e: AuditEntry) {
  return {
    companyId: e.companyId,
    userId: e.userId,
    action: e.action,
    entity: e.entity ?? null,
    entityId: e.entityId ?? null,
    before: e.before === undefined ? null : JSON.stringify(e.before),
    after: e.after === undefined ? null : JSON.stringify(e.after),
    ip: e.ip ?? null,
    requestId: e.requestId ?? null,
  };
}

/** Writes one audit row with the caller's executor, so that it commits or rolls back with the change. */
export async function insertAudit(executor: Executor, e: AuditEntry) {
  await insertAudits(executor, [e]);
}

/** Several audit rows in one statement (a bulk load's batch: one row per ficha, as one by one). */
export async function insertAudits(executor: Executor, entries: AuditEntry[]) {
  if (!entries.length) return;
  await executor.insertInto('auditLog').values(entries.map(auditRow)).execute();
}

export async function listAudit(
  executor: Executor,
  companyId: string | null,
  opts: { entity?: string; entityId?: string; action?: string; limit?: number },
) {
  let q = executor
    .selectFrom('auditLog')
    .selectAll()
    .orderBy('createdAt', 'desc')
    .limit(opts.limit ?? 100);
  q = companyId === null ? q.where('companyId', 'is', null) : q.where('companyId', '=', companyId);
  if (opts.entity) q = q.where('entity', '=', opts.entity);
  if (opts.entityId) q = q.where('entityId', '=', opts.entityId);
  if (opts.action) q = q.where('action', '=', opts.action);
  return q.execute();
}

/** System-wide read for the super administrator and tests. */
export async function listAuditAll(executor: Executor, opts: { action?: string; limit?: number }) {
  let q = executor
    .selectFrom('auditLog')
    .selectAll()
    .orderBy('createdAt', 'desc')
    .limit(opts.limit ?? 100);
  if (opts.action) q = q.where('action', '=', opts.action);
  return q.execute();
}
