import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/**
 * The ROE's rows (issue 23): the operations a period reports and the cash still waiting for its dollar rate. An
 * operation flagged ROE stays reportable whatever its record status (decision 125): a deleted one comes with
 * when and by whom it was deleted. The period is the operation's transaction date (UTC days, both ends included).
 */

export interface RoeRow {
  id: string;
  codigo: number;
  transactionDate: Date | null;
  divisa: string;
  cashAmount: string | number;
  cashAmountUsd: string | number | null;
  deletedAt: Date | null;
  deletedByName: string | null;
}

export interface PendingRow {
  id: string;
  codigo: number;
  transactionDate: Date | null;
  /** the day whose rate is missing (the transaction date, else the registration date), YYYY-MM-DD */
  rateDate: string;
  divisa: string;
  cashAmount: string | number;
  deletedAt: Date | null;
}

const inPeriod = (from?: string, to?: string) => sql`
  ${from ? sql`and o.transaction_date >= ${`${from}T00:00:00.000Z`}::timestamptz` : sql``}
  ${to ? sql`and o.transaction_date <= ${`${to}T23:59:59.999Z`}::timestamptz` : sql``}`;

/** Cash whose dollar rate is missing: some cash, no amount in USD (USD itself always has its rate). */
const PENDING = sql`o.cash_amount > 0 and o.cash_amount_usd is null`;

/** The day a cash amount is converted on: the transaction date, else the registration date (UTC). */
const RATE_DAY = sql<string>`to_char(coalesce(o.transaction_date, o.registration_date) at time zone 'UTC', 'YYYY-MM-DD')`;

/** The period's reportable operations, deleted ones included, by transaction date and codigo. */
export async function reportable(
  db: Executor,
  companyId: string,
  p: { from?: string; to?: string; limit: number; skip: number },
) {
  const res = await sql<RoeRow>`
    select o.id, o.codigo, o.transaction_date as "transactionDate", o.divisa, o.cash_amount as "cashAmount",
      o.cash_amount_usd as "cashAmountUsd",
      case when o.record_status = 'inactive' then coalesce(o.deleted_at, o.updated_at) end as "deletedAt",
      case when o.record_status = 'inactive' then u.name end as "deletedByName"
    from operations o left join users u on u.id = o.deleted_by
    where o.company_id = ${companyId} and o.roe ${inPeriod(p.from, p.to)}
    order by o.transaction_date, o.codigo
    limit ${p.limit} offset ${p.skip}`.execute(db);
  return res.rows;
}

/** How many operations the period reports, and how many of them were deleted after the fact. */
export async function countReportable(db: Executor, companyId: string, p: { from?: string; to?: string }) {
  const res = await sql<{ count: number; deleted: number }>`
    select count(*)::int as count, (count(*) filter (where o.record_status = 'inactive'))::int as deleted
    from operations o where o.company_id = ${companyId} and o.roe ${inPeriod(p.from, p.to)}`.execute(db);
  return res.rows[0] ?? { count: 0, deleted: 0 };
}

/** The period's cash operations without a dollar rate for their day (deleted ones included). */
export async function pending(db: Executor, companyId: string, p: { from?: string; to?: string; limit: number }) {
  const res = await sql<PendingRow>`
    select o.id, o.codigo, o.transaction_date as "transactionDate", ${RATE_DAY} as "rateDate", o.divisa,
      o.cash_amount as "cashAmount", case when o.record_status = 'inactive' then o.deleted_at end as "deletedAt"
    from operations o
    where o.company_id = ${companyId} and ${PENDING} ${inPeriod(p.from, p.to)}
    order by o.transaction_date, o.codigo
    limit ${p.limit}`.execute(db);
  return res.rows;
}

/** Every company's cash waiting for a rate (the job after a rate load; platform work, outside any tenant). */
export async function pendingEverywhere(db: Executor) {
  const res = await sql<{ id: string; companyId: string }>`
    select o.id, o.company_id as "companyId" from operations o where ${PENDING}
    order by o.company_id, o.id`.execute(db);
  return res.rows;
}

/** The pending operations of a company among `ids`, locked until the transaction ends. */
export async function lockPending(db: Executor, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const res = await sql<PendingRow>`
    select o.id, o.codigo, o.transaction_date as "transactionDate", ${RATE_DAY} as "rateDate", o.divisa,
      o.cash_amount as "cashAmount", o.deleted_at as "deletedAt"
    from operations o
    where o.company_id = ${companyId} and o.id in (${sql.join(ids)}) and ${PENDING}
    for update`.execute(db);
  return res.rows;
}

/** Stores the cash in USD and the ROE flag a rate load made possible. */
export async function setCashUsd(db: Executor, companyId: string, id: string, v: { usd: number; roe: boolean }) {
  await sql`update operations set cash_amount_usd = ${v.usd}, roe = ${v.roe}, updated_at = now()
    where company_id = ${companyId} and id = ${id}`.execute(db);
}

/** The company's settings (its ROE threshold), read by the recompute job. */
export async function companySettings(db: Executor, companyId: string) {
  const res = await sql<{ settings: unknown }>`select settings from companies where id = ${companyId}`.execute(db);
  return res.rows[0]?.settings ?? {};
}
