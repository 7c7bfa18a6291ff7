import { type Insertable, sql, type Updateable } from 'kysely';
import { countRows, findRow, listRows, tenantUpdate } from '../../db/crud';
import type { BulkLoadRowsTable, BulkLoadsTable } from '../../db/tables/bulk-loads.tables';
import type { Executor } from '../../db/tenant';
import type { ListQuery } from '../../lib/crud';

/* The only code of the module that writes SQL; every function takes the company id and filters by it. */

export function insertLoad(db: Executor, row: Insertable<BulkLoadsTable>) {
  return db.insertInto('bulkLoads').values(row).returningAll().executeTakeFirstOrThrow();
}

export const findLoad = (db: Executor, companyId: string, id: string) => findRow(db, 'bulkLoads', companyId, id);

export function updateLoad(db: Executor, companyId: string, id: string, patch: Updateable<BulkLoadsTable>) {
  return tenantUpdate(db, 'bulkLoads', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export const pageLoads = (db: Executor, companyId: string, q: ListQuery) => listRows(db, 'bulkLoads', companyId, q);

export const countLoads = (db: Executor, companyId: string, q: Pick<ListQuery, 'where'>) =>
  countRows(db, 'bulkLoads', companyId, q.where);

/** Row numbers of a load already recorded among `numbers` (a resumed batch skips them). */
export async function recordedRows(db: Executor, companyId: string, loadId: string, numbers: number[]) {
  if (!numbers.length) return new Set<number>();
  const rows = await db
    .selectFrom('bulkLoadRows')
    .select('rowNumber')
    .where('companyId', '=', companyId)
    .where('loadId', '=', loadId)
    .where('rowNumber', 'in', numbers)
    .execute();
  return new Set(rows.map((r) => r.rowNumber));
}

export function insertRow(db: Executor, row: Insertable<BulkLoadRowsTable>) {
  return db
    .insertInto('bulkLoadRows')
    .values({ ...row, errors: row.errors === null ? null : JSON.stringify(row.errors) })
    .execute();
}

/** The outcomes of a batch's rows in one statement. */
export async function insertRows(db: Executor, rows: Insertable<BulkLoadRowsTable>[]) {
  if (!rows.length) return;
  await db
    .insertInto('bulkLoadRows')
    .values(rows.map((row) => ({ ...row, errors: row.errors === null ? null : JSON.stringify(row.errors) })))
    .execute();
}

/** The reported rows of a load (failed, or loaded with a warning), in row order. */
export function reportedRows(db: Executor, companyId: string, loadId: string, limit: number) {
  return db
    .selectFrom('bulkLoadRows')
    .select(['rowNumber', 'outcome', 'errors'])
    .where('companyId', '=', companyId)
    .where('loadId', '=', loadId)
    .where('errors', 'is not', null)
    .orderBy('rowNumber')
    .limit(limit)
    .execute();
}

/** Savepoints: a failing row is undone inside its batch's transaction, the batch goes on. */
export const savepoint = (db: Executor) => sql`savepoint bulk_row`.execute(db);
export const releaseSavepoint = (db: Executor) => sql`release savepoint bulk_row`.execute(db);
export const rollbackSavepoint = (db: Executor) => sql`rollback to savepoint bulk_row`.execute(db);

/** A batch's savepoint: its statements are undone together when one of them is refused (the rows go one by one). */
export const batchSavepoint = (db: Executor) => sql`savepoint bulk_batch`.execute(db);
export const releaseBatchSavepoint = (db: Executor) => sql`release savepoint bulk_batch`.execute(db);
export const rollbackBatchSavepoint = (db: Executor) => sql`rollback to savepoint bulk_batch`.execute(db);
