import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { DueDiligence } from './operations.due-diligence';
import { companiesWith, RATE_DAY } from './operations.roe.repo';

/**
 * The operations whose due diligence by amount waits (issue 23 point 4): no rate for their day yet, or never
 * evaluated (older than migration 0630). The rate day is the ROE's (RATE_DAY, the SQL twin of rateDayOf).
 */
const WAITING = sql`(o.due_diligence is null or o.due_diligence->>'pending' is not null)`;

export interface WaitingRow {
  id: string;
  amount: string | number;
  divisa: string;
  transactionType: string | null;
  policyNumber: string | null;
  rateDay: string;
  dueDiligence: DueDiligence | null;
}

/** The companies with operations waiting, with their country and settings (platform work, outside any tenant). */
export const companiesWaiting = (db: Executor) => companiesWith(db, WAITING);

/** The company's waiting operations, locked until the transaction ends. */
export async function lockWaiting(db: Executor, companyId: string) {
  const res = await sql<WaitingRow>`
    select o.id, o.amount, o.divisa, o.transaction_type as "transactionType", o.policy_number as "policyNumber",
      ${RATE_DAY} as "rateDay", o.due_diligence as "dueDiligence"
    from operations o
    where o.company_id = ${companyId} and ${WAITING}
    order by o.id
    for update`.execute(db);
  return res.rows;
}

export async function setDueDiligence(db: Executor, companyId: string, id: string, d: DueDiligence) {
  await sql`update operations set due_diligence = ${JSON.stringify(d)}::jsonb, updated_at = now()
    where company_id = ${companyId} and id = ${id}`.execute(db);
}

/** Whether any operation was never evaluated (older than migration 0630; platform work, outside any tenant). */
export async function anyNeverEvaluated(db: Executor): Promise<boolean> {
  const res = await sql<{ one: number }>`select 1 as one from operations where due_diligence is null limit 1`.execute(
    db,
  );
  return res.rows.length > 0;
}
