import type { CoafStateT } from '@regcheck/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/**
 * The COAF queue's rows (issue 23, point 3; decision 150). An operation is "COAF communication due" when it is in
 * BRL with cash of the company's threshold or more (inclusive); it stays in the queue when deleted later (the cash
 * operation happened: the duty to communicate it does not go with the record). Communicated: a row of
 * coaf_communications (append-only, migration 0640), whatever the threshold is now. Late: not communicated and its
 * operation day is before `cutoff`, the last Brazilian business day before today (so its deadline, the next business
 * day after the operation, has passed); due otherwise.
 */

export interface CoafRow {
  id: string;
  codigo: number;
  operationDay: string;
  amount: string | number;
  cashAmount: string | number;
  divisa: string;
  transactionType: string | null;
  deleted: boolean;
  protocol: string | null;
  communicatedOn: string | null;
  registeredByName: string | null;
  registeredAt: Date | null;
}

export interface CoafParticipantRow {
  operationId: string;
  dni: string;
  name: string;
  personType: 'natural' | 'legal';
  efective: string | number;
}

/** The operation's day: its transaction date (stored at UTC midnight), else the day it was registered in Brasília. */
const OPERATION_DAY = sql<string>`coalesce(to_char(o.transaction_date at time zone 'UTC', 'YYYY-MM-DD'),
  to_char(o.registration_date at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'))`;

const COMMUNICATED = sql`exists (select 1 from coaf_communications k
  where k.company_id = o.company_id and k.operation_id = o.id)`;

const AT_THRESHOLD = (threshold: number) => sql`o.divisa = 'BRL' and o.cash_amount >= ${threshold}`;

/**
 * Cash in another currency than BRL: RegCheck holds no BRL rate series, so whether it reaches the threshold is not
 * checked (decision 158). Such an operation is never counted as due nor left out silently: it is listed as "not
 * checked" until the officer registers its communication (or decides by hand that none is due).
 */
const UNCHECKED = sql`o.divisa <> 'BRL' and o.cash_amount > 0`;

function stateWhere(state: CoafStateT, threshold: number, cutoff: string) {
  if (state === 'communicated') return COMMUNICATED;
  const pending = sql`${AT_THRESHOLD(threshold)} and not ${COMMUNICATED}`;
  return state === 'late'
    ? sql`${pending} and ${OPERATION_DAY} < ${cutoff}`
    : sql`${pending} and ${OPERATION_DAY} >= ${cutoff}`;
}

/** How many operations are due, late and communicated. */
export async function counts(db: Executor, companyId: string, threshold: number, cutoff: string) {
  const res = await sql<{ due: number; late: number; communicated: number }>`
    select
      (count(*) filter (where ${stateWhere('due', threshold, cutoff)}))::int as due,
      (count(*) filter (where ${stateWhere('late', threshold, cutoff)}))::int as late,
      (count(*) filter (where ${COMMUNICATED}))::int as communicated
    from operations o where o.company_id = ${companyId}`.execute(db);
  return res.rows[0] ?? { due: 0, late: 0, communicated: 0 };
}

/**
 * The operations in one state: due and late oldest first (the most urgent on top), communicated newest first.
 * Without limit: all of them (the export).
 */
export async function list(
  db: Executor,
  companyId: string,
  p: { states: CoafStateT[]; threshold: number; cutoff: string; limit?: number; skip?: number; operationId?: string },
) {
  const where = sql.join(
    p.states.map((s) => sql`(${stateWhere(s, p.threshold, p.cutoff)})`),
    sql` or `,
  );
  const order = p.states.includes('communicated')
    ? sql`k.registered_at desc nulls last, o.codigo desc`
    : sql`${OPERATION_DAY}, o.codigo`;
  const res = await sql<CoafRow>`
    select o.id, o.codigo, ${OPERATION_DAY} as "operationDay", o.amount, o.cash_amount as "cashAmount", o.divisa,
      o.transaction_type as "transactionType", o.record_status = 'inactive' as deleted,
      k.protocol, to_char(k.communicated_on, 'YYYY-MM-DD') as "communicatedOn",
      k.registered_by_name as "registeredByName", k.registered_at as "registeredAt"
    from operations o
    left join coaf_communications k on k.company_id = o.company_id and k.operation_id = o.id
    where o.company_id = ${companyId} and (${where}) ${p.operationId ? sql`and o.id = ${p.operationId}` : sql``}
    order by ${order}
    ${p.limit === undefined ? sql`` : sql`limit ${p.limit}`} ${p.skip ? sql`offset ${p.skip}` : sql``}`.execute(db);
  return res.rows;
}

export interface CoafUncheckedRow {
  id: string;
  codigo: number;
  operationDay: string;
  divisa: string;
  cashAmount: string | number;
  deleted: boolean;
}

/** The cash operations in another currency than BRL that are not communicated (UNCHECKED). */
const UNCHECKED_WHERE = (companyId: string) =>
  sql`o.company_id = ${companyId} and ${UNCHECKED} and not ${COMMUNICATED}`;

/** How many cash operations the COAF rule could not check (the dashboard's figure). */
export async function uncheckedCount(db: Executor, companyId: string) {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from operations o where ${UNCHECKED_WHERE(companyId)}`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/** The `limit` oldest of them (the COAF page names them). */
export async function uncheckedOldest(db: Executor, companyId: string, limit: number) {
  const res = await sql<CoafUncheckedRow>`
    select o.id, o.codigo, ${OPERATION_DAY} as "operationDay", o.divisa, o.cash_amount as "cashAmount",
      o.record_status = 'inactive' as deleted
    from operations o where ${UNCHECKED_WHERE(companyId)}
    order by ${OPERATION_DAY}, o.codigo limit ${limit}`.execute(db);
  return res.rows;
}

/** The participants of the given operations, in their order. */
export async function participantsOf(db: Executor, companyId: string, operationIds: string[]) {
  if (operationIds.length === 0) return [];
  const res = await sql<CoafParticipantRow>`
    select a.operation_id as "operationId", a.dni, a.name, a.person_type as "personType", a.efective
    from operation_associates a
    where a.company_id = ${companyId} and a.operation_id = any(${operationIds}::uuid[])
    order by a.operation_id, a.position`.execute(db);
  return res.rows;
}

/**
 * The operation as the COAF reads it, locked for the registration of its communication: null when the company has
 * no such operation; `atThreshold` whether it is BRL cash of the threshold or more; `communicated` whether a
 * communication is registered already.
 */
export async function lockOperation(db: Executor, companyId: string, operationId: string, threshold: number) {
  const res = await sql<{
    id: string;
    operationDay: string;
    cashAmount: string | number;
    divisa: string;
    atThreshold: boolean;
    unchecked: boolean;
    communicated: boolean;
  }>`
    select o.id, ${OPERATION_DAY} as "operationDay", o.cash_amount as "cashAmount", o.divisa,
      (${AT_THRESHOLD(threshold)}) as "atThreshold", (${UNCHECKED}) as unchecked, ${COMMUNICATED} as communicated
    from operations o where o.company_id = ${companyId} and o.id = ${operationId}
    for update of o`.execute(db);
  return res.rows[0] ?? null;
}

export async function insertCommunication(
  db: Executor,
  companyId: string,
  c: {
    operationId: string;
    protocol: string;
    communicatedOn: string;
    operationDay: string;
    deadline: string;
    cashAmount: number;
    currency: string;
    thresholdBrl: number;
    registeredBy: string;
    registeredByName: string;
  },
) {
  const res = await sql<{ id: string; registeredAt: Date }>`
    insert into coaf_communications (company_id, operation_id, protocol, communicated_on, operation_day, deadline,
      cash_amount, currency, threshold_brl, registered_by, registered_by_name)
    values (${companyId}, ${c.operationId}, ${c.protocol}, ${c.communicatedOn}, ${c.operationDay}, ${c.deadline},
      ${c.cashAmount}, ${c.currency}, ${c.thresholdBrl}, ${c.registeredBy}, ${c.registeredByName})
    returning id, registered_at as "registeredAt"`.execute(db);
  const row = res.rows[0];
  if (!row) throw new Error('the COAF communication was not stored');
  return row;
}

/**
 * The companies with BRL cash of some size, with their country, language and settings (the daily notice job;
 * platform work, outside any tenant). Whether the COAF applies to each is the caller's rule (Brazil only).
 */
export async function companiesWithBrlCash(db: Executor) {
  const res = await sql<{ companyId: string; country: string | null; language: string; settings: unknown }>`
    select c.id as "companyId", c.country, c.language, c.settings from companies c
    where exists (select 1 from operations o where o.company_id = c.id and o.divisa = 'BRL' and o.cash_amount > 0)
    order by c.id`.execute(db);
  return res.rows;
}

/**
 * The pending operations whose deadline is today: not communicated, at the threshold, of an operation day from
 * `from` (the last business day before today) to the day before today, and not notified yet.
 */
export async function dueTodayNotNotified(
  db: Executor,
  companyId: string,
  p: { threshold: number; from: string; today: string },
) {
  const res = await sql<{ id: string; codigo: number; operationDay: string; cashAmount: string | number }>`
    select o.id, o.codigo, ${OPERATION_DAY} as "operationDay", o.cash_amount as "cashAmount"
    from operations o
    where o.company_id = ${companyId} and ${AT_THRESHOLD(p.threshold)} and not ${COMMUNICATED}
      and ${OPERATION_DAY} >= ${p.from} and ${OPERATION_DAY} < ${p.today}
      and not exists (select 1 from coaf_due_notices n where n.company_id = o.company_id and n.operation_id = o.id)
    order by o.codigo`.execute(db);
  return res.rows;
}

/** Claims the due-day notice of an operation: false when it was claimed already (once per operation). */
export async function claimDueNotice(db: Executor, companyId: string, operationId: string) {
  const res = await sql`
    insert into coaf_due_notices (company_id, operation_id) values (${companyId}, ${operationId})
    on conflict do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/** The in-app notification of a COAF communication due today (the notifications list of the reports' roles). */
export async function insertDueNotification(
  db: Executor,
  companyId: string,
  row: { title: string; description: string; codigo: string; data: Record<string, unknown> },
) {
  await sql`
    insert into notifications (company_id, title, description, consultation_code, kind, data)
    values (${companyId}, ${row.title}, ${row.description}, ${row.codigo}, 'coaf.due', ${JSON.stringify(row.data)}::jsonb)`.execute(
    db,
  );
}
