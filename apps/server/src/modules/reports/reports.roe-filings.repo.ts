import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { RateUsed } from '../currency-rates';
import type { RoeSnapshotOperation } from './reports.roe-diff';

/** The ROE filings (migration 0580): insert and read only; the table refuses an update or a delete. */

/** The rate of a currency and day the filed operations were converted with. */
export type RoeRateUsed = RateUsed;

export interface FilingRow {
  id: string;
  companyId: string;
  from: string;
  to: string;
  thresholdUsd: string | number;
  negative: boolean;
  operationCount: number;
  fileName: string;
  sha256: string;
  size: number;
  rates: RoeRateUsed[];
  filedBy: string;
  filedByName: string;
  filedAt: Date;
}

const COLUMNS = sql`id, company_id as "companyId", to_char(period_from, 'YYYY-MM-DD') as "from",
  to_char(period_to, 'YYYY-MM-DD') as "to", threshold_usd as "thresholdUsd", negative,
  operation_count as "operationCount", file_name as "fileName", sha256, octet_length(file_bytes) as size, rates,
  filed_by as "filedBy", filed_by_name as "filedByName", filed_at as "filedAt"`;

/** Filings of one period are made one at a time (until the transaction ends), so a double click files once. */
export async function lockPeriod(db: Executor, companyId: string, from: string, to: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`roe-filing:${companyId}:${from}:${to}`}))`.execute(db);
}

export async function insertFiling(
  db: Executor,
  f: {
    companyId: string;
    from: string;
    to: string;
    thresholdUsd: number;
    negative: boolean;
    operations: RoeSnapshotOperation[];
    rates: RoeRateUsed[];
    fileName: string;
    fileBytes: Buffer;
    sha256: string;
    filedBy: string;
    filedByName: string;
  },
) {
  const res = await sql<FilingRow>`
    insert into roe_filings (company_id, period_from, period_to, threshold_usd, negative, operation_count, operations,
      rates, file_name, file_bytes, sha256, filed_by, filed_by_name)
    values (${f.companyId}, ${f.from}::date, ${f.to}::date, ${f.thresholdUsd}, ${f.negative}, ${f.operations.length},
      ${JSON.stringify(f.operations)}::jsonb, ${JSON.stringify(f.rates)}::jsonb, ${f.fileName}, ${f.fileBytes},
      ${f.sha256}, ${f.filedBy}, ${f.filedByName})
    returning ${COLUMNS}`.execute(db);
  const row = res.rows[0];
  if (!row) throw new Error('ROE filing insert returned no row');
  return row;
}

/** The filings of a company, newest first; of one period when both ends are given. */
export async function listFilings(
  db: Executor,
  companyId: string,
  f: { from?: string; to?: string; limit: number; skip: number },
) {
  const res = await sql<FilingRow>`
    select ${COLUMNS} from roe_filings where company_id = ${companyId}
      ${f.from ? sql`and period_from = ${f.from}::date` : sql``}
      ${f.to ? sql`and period_to = ${f.to}::date` : sql``}
    order by filed_at desc, id desc limit ${f.limit} offset ${f.skip}`.execute(db);
  return res.rows;
}

/** The last filing of exactly this period, with the operations it was made from. */
export async function latestFiling(db: Executor, companyId: string, from: string, to: string) {
  const res = await sql<FilingRow & { operations: RoeSnapshotOperation[] }>`
    select ${COLUMNS}, operations from roe_filings
    where company_id = ${companyId} and period_from = ${from}::date and period_to = ${to}::date
    order by filed_at desc, id desc limit 1`.execute(db);
  return res.rows[0];
}

export async function findFiling(db: Executor, companyId: string, id: string) {
  const res = await sql<FilingRow & { operations: RoeSnapshotOperation[] }>`
    select ${COLUMNS}, operations from roe_filings where company_id = ${companyId} and id = ${id}`.execute(db);
  return res.rows[0];
}

export async function filingFile(db: Executor, companyId: string, id: string) {
  const res = await sql<{ fileName: string; fileBytes: Buffer | Uint8Array; sha256: string }>`
    select file_name as "fileName", file_bytes as "fileBytes", sha256 from roe_filings
    where company_id = ${companyId} and id = ${id}`.execute(db);
  return res.rows[0];
}
