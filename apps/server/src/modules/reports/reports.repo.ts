import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';
import { ALLEGATION_NOTIFICATION_KIND } from '../allegations';

/**
 * The home dashboard's widgets and the report queries: one aggregate query per widget, each on an index of the
 * company and the date it counts by (migrations 0430 and 0540). `from` and `to` are ISO instants, `to` exclusive.
 * Fichas count by their creation date, operations by their transaction date: the dates the fichas list and the
 * customer-management list filter on, so that every figure's link opens a list of exactly that many rows
 * (decision 90). An operation without a transaction date is in no period.
 */

/**
 * The widgets are short aggregates: JIT compilation (PostgreSQL's default above a plan cost of 100,000) costs more
 * than the query itself (about 0.8 s measured on a 400,000-row grouping), so the dashboard's transaction turns it off.
 */
export async function withoutJit(db: Executor) {
  await sql`set local jit = off`.execute(db);
}

export interface Range {
  from: string;
  to: string;
}

/**
 * Portfolio risk: the whole active portfolio as of the range's end (every active ficha created before it, whatever
 * the range's start), by its current risk (unrated ones as 'none'); decision 91.
 */
export async function riskCounts(db: Executor, companyId: string, r: Range) {
  const res = await sql<{ risk: string | null; n: number }>`
    select risk, count(*)::int as n from fichas
    where company_id = ${companyId} and status = 'active' and created_at < ${r.to}::timestamptz
    group by risk`.execute(db);
  return res.rows;
}

export const PORTFOLIO_RISKS = ['high', 'medium', 'low', null] as const;

/**
 * The same portfolio figure for one risk level (null: unrated): a range scan of that level's entries of the
 * `(company_id, status, risk, created_at)` index only, so the dashboard can count the four levels on four connections
 * at once (decision 200) instead of walking the whole active portfolio in one query.
 */
export async function riskCount(db: Executor, companyId: string, r: Range, risk: (typeof PORTFOLIO_RISKS)[number]) {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from fichas
    where company_id = ${companyId} and status = 'active'
      and ${risk === null ? sql`risk is null` : sql`risk = ${risk}`} and created_at < ${r.to}::timestamptz`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Activity summary: operations of the range (by transaction date), cash (ROE), suspicious (ROS) and finished; fichas
 * created and those with a list match; notifications (never the whistleblowing channel's: those stay with the
 * allegation roles, issue 22; the dashboard's roles are not those).
 */
export async function activity(db: Executor, companyId: string, r: Range) {
  const res = await sql<{
    operations: number;
    roe: number;
    ros: number;
    closed: number;
    fichas: number;
    matches: number;
    notifications: number;
  }>`
    select o.operations, o.roe, o.ros, o.closed, f.fichas, f.matches, n.notifications from
      (select count(*)::int as operations, count(*) filter (where roe)::int as roe,
              count(*) filter (where ros)::int as ros, count(*) filter (where state = 'closed')::int as closed
         from operations where company_id = ${companyId} and record_status = 'active'
           and transaction_date >= ${r.from}::timestamptz and transaction_date < ${r.to}::timestamptz) o,
      (select count(*)::int as fichas, count(*) filter (where listas_total > 0)::int as matches
         from fichas where company_id = ${companyId} and status = 'active'
           and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz) f,
      (select count(*)::int as notifications from notifications where company_id = ${companyId}
           and kind <> ${ALLEGATION_NOTIFICATION_KIND}
           and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz) n`.execute(db);
  return res.rows[0];
}

/** Operations (by transaction date) and fichas (by creation) per day (UTC) in the range: one grouped scan of each. */
export async function createdPerDay(db: Executor, companyId: string, r: Range) {
  const res = await sql<{ day: string; operations: number; fichas: number }>`
    select to_char(coalesce(o.day, f.day), 'YYYY-MM-DD') as day, coalesce(o.n, 0)::int as operations,
      coalesce(f.n, 0)::int as fichas
    from (select date_trunc('day', transaction_date at time zone 'UTC') as day, count(*) as n from operations
        where company_id = ${companyId} and record_status = 'active'
          and transaction_date >= ${r.from}::timestamptz and transaction_date < ${r.to}::timestamptz group by 1) o
    full join (select date_trunc('day', created_at at time zone 'UTC') as day, count(*) as n from fichas
        where company_id = ${companyId} and status = 'active'
          and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz group by 1) f on f.day = o.day
    order by 1`.execute(db);
  return res.rows;
}

/**
 * Declaration forms of the range's operations (by transaction date): the operations with an active form sent (its
 * status sent, opened, filled or signed: FORMS_SENT_STATUSES of packages/shared) and those with one signed. The
 * forms are read from the forms module's table (as the customer-management list filters them, decision 90).
 */
export async function forms(db: Executor, companyId: string, r: Range) {
  const res = await sql<{ sent: number; signed: number }>`
    select count(*) filter (where s.sent)::int as sent, count(*) filter (where s.signed)::int as signed from (
      select bool_or(f.status in ('sent','opened','filled','signed')) as sent, bool_or(f.status = 'signed') as signed
      from operations o join forms f on f.company_id = o.company_id and f.operation_id = o.id and f.is_active
      where o.company_id = ${companyId} and o.record_status = 'active'
        and o.transaction_date >= ${r.from}::timestamptz and o.transaction_date < ${r.to}::timestamptz
      group by o.id) s`.execute(db);
  return res.rows[0] ?? { sent: 0, signed: 0 };
}

/** List matches by list: active fichas created in the range with a coincidence, per list. */
export async function matchesByList(db: Executor, companyId: string, r: Range) {
  const res = await sql<{ listId: string; listName: string; n: number }>`
    select l->>'listId' as "listId", max(l->>'listName') as "listName", count(*)::int as n
    from fichas f cross join lateral jsonb_array_elements(coalesce(f.listas->'lists', '[]'::jsonb)) l
    where f.company_id = ${companyId} and f.status = 'active' and f.listas_total > 0
      and f.created_at >= ${r.from}::timestamptz and f.created_at < ${r.to}::timestamptz
      and (l->>'coincidence')::boolean
    group by 1 order by 3 desc, 1`.execute(db);
  return res.rows;
}

/** The newest notifications of the range (not the whistleblowing channel's, as `activity`). */
export async function latestNotifications(db: Executor, companyId: string, r: Range, limit = 5) {
  const res = await sql<{
    id: string;
    title: string;
    description: string;
    fichaId: string | null;
    read: boolean;
    createdAt: Date;
  }>`
    select id, title, description, ficha_id as "fichaId", read, created_at as "createdAt" from notifications
    where company_id = ${companyId} and kind <> ${ALLEGATION_NOTIFICATION_KIND}
      and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz
    order by created_at desc, id desc limit ${limit}`.execute(db);
  return res.rows;
}

/**
 * Summary report: the range's operations (by transaction date) by state, ROS, ROE, and the fichas created in it by
 * person type and risk (two scans).
 */
export async function summary(db: Executor, companyId: string, r: Range) {
  const res = await sql<Record<string, number>>`
    select o.*, f.* from
      (select count(*)::int as operations, count(*) filter (where state = 'closed')::int as closed,
          count(*) filter (where ros)::int as ros, count(*) filter (where roe)::int as roe
        from operations where company_id = ${companyId} and record_status = 'active'
          and transaction_date >= ${r.from}::timestamptz and transaction_date < ${r.to}::timestamptz) o,
      (select count(*) filter (where person_type = 'natural')::int as natural,
          count(*) filter (where person_type = 'legal')::int as legal,
          count(*) filter (where risk = 'high')::int as "highRisk",
          count(*) filter (where pep_status is not null)::int as pep,
          count(*) filter (where listas_total > 0)::int as matches
        from fichas where company_id = ${companyId} and status = 'active'
          and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz) f`.execute(db);
  return res.rows[0] ?? {};
}

/** List-matches report: the active fichas with a coincidence in the range, one row per list entry. */
export async function listMatches(db: Executor, companyId: string, r: Range, limit: number) {
  const res = await sql<{
    fichaId: string;
    dni: string;
    name: string;
    listName: string;
    hits: number;
    risk: string | null;
    createdAt: Date;
  }>`
    select f.id as "fichaId", f.dni, coalesce(f.social_reason, concat_ws(' ', f.name, f.father_name, f.mother_name)) as name,
      l->>'listName' as "listName", jsonb_array_length(coalesce(l->'hits', '[]'::jsonb))::int as hits, f.risk,
      f.created_at as "createdAt"
    from fichas f cross join lateral jsonb_array_elements(coalesce(f.listas->'lists', '[]'::jsonb)) l
    where f.company_id = ${companyId} and f.status = 'active' and f.listas_total > 0
      and f.created_at >= ${r.from}::timestamptz and f.created_at < ${r.to}::timestamptz
      and (l->>'coincidence')::boolean
    order by f.created_at desc, f.id, 4 limit ${limit}`.execute(db);
  return res.rows;
}

/** Active legal fichas (a page of the final-beneficiaries report), oldest first so that pages are stable. */
export async function legalFichas(db: Executor, companyId: string, limit: number) {
  const res = await sql<{ id: string; dni: string; name: string; risk: string | null }>`
    select id, dni, coalesce(social_reason, fantasy_name, '') as name, risk from fichas
    where company_id = ${companyId} and status = 'active' and person_type = 'legal'
    order by created_at, id limit ${limit}`.execute(db);
  return res.rows;
}

/** Names and documents of fichas by id. */
export async function fichaNames(db: Executor, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const res = await sql<{ id: string; dni: string; name: string; personType: string }>`
    select id, dni, coalesce(social_reason, concat_ws(' ', name, father_name, mother_name)) as name,
      person_type as "personType"
    from fichas where company_id = ${companyId} and id = any(${ids}::uuid[])`.execute(db);
  return res.rows;
}

/** Analytics: per month of the last `months` (UTC), searches and their matches, fichas created, with matches, high risk. */
export async function monthlyTrends(db: Executor, companyId: string, from: string, months: number) {
  const res = await sql<{
    month: string;
    searches: number;
    searchMatches: number;
    fichas: number;
    fichaMatches: number;
    highRisk: number;
  }>`
    select to_char(m.month, 'YYYY-MM') as month, coalesce(s.searches, 0)::int as searches,
      coalesce(s.matches, 0)::int as "searchMatches", coalesce(f.fichas, 0)::int as fichas,
      coalesce(f.matches, 0)::int as "fichaMatches", coalesce(f.high, 0)::int as "highRisk"
    from generate_series(${from}::timestamp, ${from}::timestamp + make_interval(months => ${months - 1}), interval '1 month') m(month)
    left join (select date_trunc('month', created_at at time zone 'UTC') as month, count(*) as searches,
        count(*) filter (where total > 0) as matches
      from search_logs where company_id = ${companyId} and created_at >= ${from}::timestamptz group by 1) s on s.month = m.month
    left join (select date_trunc('month', created_at at time zone 'UTC') as month, count(*) as fichas,
        count(*) filter (where listas_total > 0) as matches, count(*) filter (where risk = 'high') as high
      from fichas where company_id = ${companyId} and status = 'active' and created_at >= ${from}::timestamptz
      group by 1) f on f.month = m.month
    order by m.month`.execute(db);
  return res.rows;
}
