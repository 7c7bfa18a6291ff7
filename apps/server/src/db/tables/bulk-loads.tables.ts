import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../schema';

export type BulkLoadType = 'fichas' | 'fichas_v2' | 'operation';
/**
 * new (queued), uploading (the file is read and checked), update (similar trashed fichas found: waiting for the
 * user's choice), creating (rows are screened and loaded, batch by batch), updating (the batch under way updates or
 * restores existing fichas), done, error (finished with rows reported), invalid (the file was refused).
 */
export type BulkLoadStatus = 'new' | 'uploading' | 'update' | 'creating' | 'updating' | 'done' | 'error' | 'invalid';

export interface BulkLoadsTable {
  id: Generated<string>;
  companyId: string;
  userId: string | null;
  authorName: string | null;
  authorEmail: string | null;
  customName: string;
  country: string;
  loadType: BulkLoadType;
  fileKey: string;
  status: Generated<BulkLoadStatus>;
  total: number | null;
  processed: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  failed: Generated<number>;
  committedRow: Generated<number>;
  fileError: unknown | null;
  similarRecords: unknown | null;
  restoreIds: unknown | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  finishedAt: NullableTimestamp;
}

export interface BulkLoadRowsTable {
  loadId: string;
  rowNumber: number;
  companyId: string;
  outcome: 'created' | 'updated' | 'restored' | 'failed';
  fichaId: string | null;
  errors: unknown | null;
}

export interface BulkLoadsTables {
  bulkLoads: BulkLoadsTable;
  bulkLoadRows: BulkLoadRowsTable;
}
