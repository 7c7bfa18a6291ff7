import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { RateUsed } from '../currency-rates';

/**
 * The ROE's rows (issue 23): the operations a period reports and the cash still waiting for its dollar rate. An
 * operation flagged ROE stays reportable whatever its record status (decision 125): a deleted one comes with
 * when and by whom it was deleted, when that was recorded (never a guessed date). The period is the operation's
 * transaction date (UTC days, both ends included).
 */

export interface RoeRow {
  id: string;
  codigo: number;
  transactionDate: Date | null;
  divisa: string;
  cashAmount: string | number;
  cashAmountUsd: string | number | null;
  cashRate: RateUsed | null;
  transactionType: string | null;
  deleted: boolean;
  /** when it was deleted; null when it was not, or when the date was not recorded */
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
  deleted: boolean;
  deletedAt: Date | null;
}

export interface RoeParticipantRow {
  operationId: string;
  dni: string;
  name: string;
  efective: string | number;
  personType: 'natural' | 'legal';
  /** the document's country and type as recorded on the participant (either may be absent) */
  dniType: { country?: string | null; document?: string | null } | null;
}

const inPeriod = (from?: string, to?: string) => sql`
  ${from ? sql`and o.transaction_date >= ${`${from}T00:00:00.000Z`}::timestamptz` : sql``}
  ${to ? sql`and o.transaction_date <= ${`${to}T23:59:59.999Z`}::timestamptz` : sql``}`;

/** Cash whose dollar rate is missing: some cash, no amount in USD (USD itself always has its rate). */
const PENDING = sql`o.cash_amount > 0 and o.cash_amount_usd is null`;

/**
 * The day a cash amount is converted on: the transaction date, else the registration date (UTC). The SQL twin of
 * rateDayOf (operations.rules.ts); migration 0610 uses the same rule.
 */
export const RATE_DAY = sql<string>`to_char(coalesce(o.transaction_date, o.registration_date) at time zone 'UTC', 'YYYY-MM-DD')`;

/** Whether the operation was deleted, and when: the recorded date only (null when it was not recorded). */
const DELETED = sql`o.record_status = 'inactive' as deleted,
  case when o.record_status = 'inactive' then o.deleted_at end as "deletedAt"`;

const PENDING_COLUMNS = sql`o.id, o.codigo, o.transaction_date as "transactionDate", ${RATE_DAY} as "rateDate",
  o.divisa, o.cash_amount as "cashAmount", ${DELETED}`;

/** The period's reportable operations, deleted ones included, by transaction date and codigo. */
export async function reportable(
  db: Executor,
  companyId: string,
  p: { from?: string; to?: string; limit?: number; skip?: number },
) {
  const res = await sql<RoeRow>`
    select o.id, o.codigo, o.transaction_date as "transactionDate", o.divisa, o.cash_amount as "cashAmount",
      o.cash_amount_usd as "cashAmountUsd", o.cash_rate as "cashRate", o.transaction_type as "transactionType",
      ${DELETED},
      case when o.record_status = 'inactive' then u.name end as "deletedByName"
    from operations o left join users u on u.id = o.deleted_by
    where o.company_id = ${companyId} and o.roe ${inPeriod(p.from, p.to)}
    order by o.transaction_date, o.codigo
    ${p.limit === undefined ? sql`` : sql`limit ${p.limit}`} ${p.skip ? sql`offset ${p.skip}` : sql``}`.execute(db);
  return res.rows;
}

/** The participants of the given operations (one array parameter, whatever their number), in their order. */
export async function participantsOf(db: Executor, companyId: string, operationIds: string[]) {
  if (operationIds.length === 0) return [];
  const res = await sql<RoeParticipantRow>`
    select a.operation_id as "operationId", a.dni, a.name, a.efective, a.person_type as "personType",
      a.dni_type as "dniType"
    from operation_associates a
    where a.company_id = ${companyId} and a.operation_id = any(${operationIds}::uuid[])
    order by a.operation_id, a.position`.execute(db);
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
export async function pending(db: Executor, companyId: string, p: { from?: string; to?: string; limit?: number }) {
  const res = await sql<PendingRow>`
    select ${PENDING_COLUMNS}
    from operations o
    where o.company_id = ${companyId} and ${PENDING} ${inPeriod(p.from, p.to)}
    order by o.transaction_date, o.codigo
    ${p.limit === undefined ? sql`` : sql`limit ${p.limit}`}`.execute(db);
  return res.rows;
}

/**
 * The companies with an operation `o` meeting a condition, with their country and settings (the jobs after a rate
 * load; platform work, outside any tenant).
 */
export async function companiesWith(db: Executor, condition: RawBuilder<unknown>) {
  const res = await sql<{ companyId: string; country: string | null; settings: unknown }>`
    select c.id as "companyId", c.country, c.settings from companies c
    where exists (select 1 from operations o where o.company_id = c.id and ${condition})
    order by c.id`.execute(db);
  return res.rows;
}

/** The companies with cash waiting for a rate. Whether the ROE applies to each is the caller's rule (roeApplies). */
export const companiesWithPending = (db: Executor) => companiesWith(db, PENDING);

/** The company's pending operations, locked until the transaction ends. */
export async function lockPending(db: Executor, companyId: string) {
  const res = await sql<PendingRow>`
    select ${PENDING_COLUMNS}
    from operations o
    where o.company_id = ${companyId} and ${PENDING}
    order by o.id
    for update`.execute(db);
  return res.rows;
}

/** Stores the cash in USD, the rate it was converted with and the ROE flag a rate load made possible. */
export async function setCashUsd(
  db: Executor,
  companyId: string,
  id: string,
  v: { usd: number; rate: RateUsed; roe: boolean },
) {
  await sql`update operations set cash_amount_usd = ${v.usd}, cash_rate = ${JSON.stringify(v.rate)}::jsonb,
      roe = ${v.roe}, updated_at = now()
    where company_id = ${companyId} and id = ${id}`.execute(db);
}
