import { sql } from 'kysely';
import { tenantRows } from '../../db/crud';
import type { PolicyHistoryRow, SnapshotRow } from '../../db/tables/operations.tables';
import type { Executor } from '../../db/tenant';

/** The history of an operation: the immutable records stored when it finishes, and its insurance policy changes. */

export async function insertSnapshot(
  db: Executor,
  companyId: string,
  s: { operationId: string; data: unknown; createdBy: string; createdByName: string | null },
) {
  const last = await db
    .selectFrom('operationSnapshots')
    .select(sql<number>`coalesce(max(seq), 0)::int`.as('seq'))
    .where('companyId', '=', companyId)
    .where('operationId', '=', s.operationId)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('operationSnapshots')
    .values({
      companyId,
      operationId: s.operationId,
      seq: Number(last.seq) + 1,
      kind: 'finished',
      data: JSON.stringify(s.data),
      createdBy: s.createdBy,
      createdByName: s.createdByName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listSnapshots(db: Executor, companyId: string, operationId: string): Promise<SnapshotRow[]> {
  return tenantRows(db, 'operationSnapshots', companyId)
    .where('operationId', '=', operationId)
    .orderBy('seq', 'desc')
    .execute();
}

export async function insertPolicyHistory(
  db: Executor,
  companyId: string,
  e: { operationId: string; policy: unknown; changedBy: string; changedByName: string | null },
) {
  await db
    .insertInto('operationPolicyHistory')
    .values({
      companyId,
      operationId: e.operationId,
      policy: JSON.stringify(e.policy),
      changedBy: e.changedBy,
      changedByName: e.changedByName,
    })
    .execute();
}

export function listPolicyHistory(db: Executor, companyId: string, operationId: string): Promise<PolicyHistoryRow[]> {
  return tenantRows(db, 'operationPolicyHistory', companyId)
    .where('operationId', '=', operationId)
    .orderBy('changedAt', 'desc')
    .execute();
}
