import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/**
 * What the period pack reads (issue 28, point 2), every query of one company and one date range [from, to] (days,
 * the company's calendar is UTC days here as in the reports). Lists that may be long (alerts, reviews, declarations)
 * are read in pages after a key, so the pack's JSON is written a page at a time; the PDF reads their figures and
 * first rows. The whistleblowing figures are counts only: no reporter's name, e-mail, phone or text is read.
 */

type Range = { from: string; to: string };
const inRange = (col: ReturnType<typeof sql.ref>, r: Range) =>
  sql`${col} >= ${r.from}::date and ${col} < (${r.to}::date + 1)`;

export async function roeFilings(db: Executor, companyId: string, r: Range) {
  const res = await sql<{
    filedAt: Date;
    filedBy: string;
    from: string;
    to: string;
    operationCount: number;
    negative: boolean;
    fileName: string;
    sha256: string;
  }>`
    select filed_at as "filedAt", filed_by_name as "filedBy", to_char(period_from, 'YYYY-MM-DD') as "from",
      to_char(period_to, 'YYYY-MM-DD') as "to", operation_count as "operationCount", negative,
      file_name as "fileName", sha256
    from roe_filings
    where company_id = ${companyId} and (${inRange(sql.ref('filed_at'), r)}
      or (period_from <= ${r.to}::date and period_to >= ${r.from}::date))
    order by filed_at`.execute(db);
  return res.rows;
}

export async function coafCommunications(db: Executor, companyId: string, r: Range) {
  const res = await sql<{
    protocol: string;
    communicatedOn: string;
    operationDay: string;
    deadline: string;
    codigo: number;
    cashAmount: number;
    registeredBy: string;
  }>`
    select cc.protocol, to_char(cc.communicated_on, 'YYYY-MM-DD') as "communicatedOn",
      to_char(cc.operation_day, 'YYYY-MM-DD') as "operationDay", to_char(cc.deadline, 'YYYY-MM-DD') as deadline,
      o.codigo, cc.cash_amount::float8 as "cashAmount", cc.registered_by_name as "registeredBy"
    from coaf_communications cc join operations o on o.id = cc.operation_id and o.company_id = cc.company_id
    where cc.company_id = ${companyId} and cc.communicated_on between ${r.from}::date and ${r.to}::date
    order by cc.communicated_on, o.codigo`.execute(db);
  return res.rows;
}

/** The list versions activated in the range (the lists are the platform's: every company screens with them). */
export async function listUpdates(db: Executor, r: Range) {
  const res = await sql<{ sourceId: string; listName: string; label: string; activatedAt: Date; entities: number }>`
    select v.source_id as "sourceId", s.name as "listName", v.label, v.activated_at as "activatedAt",
      v.entity_count as entities
    from list_versions v join list_sources s on s.id = v.source_id
    where ${inRange(sql.ref('v.activated_at'), r)}
    order by v.activated_at, v.id`.execute(db);
  return res.rows;
}

/**
 * The screening alerts raised in the range (notifications of a list match) and how each ended: the four-eyes
 * dismissal that decided it (approved: dismissed as a false positive, rejected: kept as a match), one applied
 * directly, or none yet; the hours from the alert to the decision.
 */
function alertsSql(companyId: string, r: Range) {
  return sql`
    with a as (
      select n.id, n.created_at, n.ficha_id, n.data ->> 'listId' as list_id, n.data ->> 'entityId' as entity_id
      from notifications n
      where n.company_id = ${companyId} and n.kind = 'monitoring.match' and ${inRange(sql.ref('n.created_at'), r)}
    )
    select a.id, a.created_at as "raisedAt", a.list_id as "listId",
      coalesce(nullif(f.social_reason, ''), concat_ws(' ', f.name, f.father_name, f.mother_name)) as "fichaName",
      f.dni,
      coalesce(p.status, case when d.id is not null then 'dismissed' end, 'open') as outcome,
      coalesce(p.decided_at, d.created_at) as "decidedAt",
      (extract(epoch from (coalesce(p.decided_at, d.created_at) - a.created_at)) / 3600.0)::float8 as hours
    from a
    left join fichas f on f.id = a.ficha_id and f.company_id = ${companyId}
    left join lateral (
      select status, decided_at from match_dismissal_proposals mp
      where mp.company_id = ${companyId} and mp.ficha_id = a.ficha_id and mp.list_id = a.list_id
        and mp.entity_id = a.entity_id and mp.proposed_at >= a.created_at
      order by mp.proposed_at limit 1) p on true
    left join lateral (
      select id, created_at from ficha_match_dismissals md
      where md.company_id = ${companyId} and md.ficha_id = a.ficha_id and md.list_id = a.list_id
        and md.entity_id = a.entity_id and md.created_at >= a.created_at
      order by md.created_at limit 1) d on p.status is null`;
}

export interface AlertRow {
  id: string;
  raisedAt: Date;
  listId: string | null;
  fichaName: string | null;
  dni: string | null;
  outcome: 'open' | 'pending' | 'approved' | 'rejected' | 'dismissed';
  decidedAt: Date | null;
  hours: number | null;
}

/** A page of the alerts after the given one (by time, then id). */
export async function alertsPage(
  db: Executor,
  companyId: string,
  r: Range,
  after: { at: Date; id: string } | null,
  limit: number,
) {
  const res = await sql<AlertRow>`
    select * from (${alertsSql(companyId, r)}) x
    where ${after ? sql`("raisedAt", id) > (${after.at}, ${after.id}::uuid)` : sql`true`}
    order by "raisedAt", id limit ${limit}`.execute(db);
  return res.rows;
}

/** The alerts' figures: how many ended each way and the average and longest hours to a decision. */
export async function alertFigures(db: Executor, companyId: string, r: Range) {
  const res = await sql<{ outcome: string; n: number; avgHours: number | null; maxHours: number | null }>`
    select outcome, count(*)::int as n, avg(hours)::float8 as "avgHours", max(hours)::float8 as "maxHours"
    from (${alertsSql(companyId, r)}) x group by outcome order by outcome`.execute(db);
  return res.rows;
}

/** The dismissal proposals made or decided in the range, with proposer and approver. */
export async function dismissalsInRange(db: Executor, companyId: string, r: Range) {
  const res = await sql<{
    proposedAt: Date;
    listId: string;
    matchedName: string;
    reasonCode: string;
    reasonText: string | null;
    status: string;
    proposedBy: string | null;
    decidedBy: string | null;
    decidedAt: Date | null;
    decisionComment: string | null;
    fichaName: string | null;
  }>`
    select mp.proposed_at as "proposedAt", mp.list_id as "listId", mp.matched_name as "matchedName",
      mp.reason_code as "reasonCode", mp.reason_text as "reasonText", mp.status, up.name as "proposedBy",
      ud.name as "decidedBy", mp.decided_at as "decidedAt", mp.decision_comment as "decisionComment",
      coalesce(nullif(f.social_reason, ''), concat_ws(' ', f.name, f.father_name, f.mother_name)) as "fichaName"
    from match_dismissal_proposals mp
    left join users up on up.id = mp.proposed_by
    left join users ud on ud.id = mp.decided_by
    left join fichas f on f.id = mp.ficha_id and f.company_id = mp.company_id
    where mp.company_id = ${companyId}
      and (${inRange(sql.ref('mp.proposed_at'), r)} or ${inRange(sql.ref('mp.decided_at'), r)})
    order by mp.proposed_at`.execute(db);
  return res.rows;
}

export async function reviewFigures(db: Executor, companyId: string, r: Range) {
  const done = await sql<{ outcome: string; n: number }>`
    select outcome, count(*)::int as n from ficha_reviews
    where company_id = ${companyId} and ${inRange(sql.ref('reviewed_at'), r)}
    group by outcome order by outcome`.execute(db);
  // overdue at the end of the range: an active ficha whose review day had passed by then, not reviewed since
  const overdue = await sql<{ n: number }>`
    select count(*)::int as n from fichas
    where company_id = ${companyId} and status = 'active' and next_review_at < ${r.to}::date + 1`.execute(db);
  return { done: done.rows, overdue: overdue.rows[0]?.n ?? 0 };
}

export async function reviewsPage(db: Executor, companyId: string, r: Range, afterId: string | null, limit: number) {
  const res = await sql<{
    id: string;
    reviewedAt: Date;
    outcome: string;
    reviewer: string | null;
    fichaName: string | null;
    dni: string | null;
  }>`
    select rv.id, rv.reviewed_at as "reviewedAt", rv.outcome, u.name as reviewer,
      coalesce(nullif(f.social_reason, ''), concat_ws(' ', f.name, f.father_name, f.mother_name)) as "fichaName", f.dni
    from ficha_reviews rv
    left join users u on u.id = rv.reviewed_by
    left join fichas f on f.id = rv.ficha_id and f.company_id = rv.company_id
    where rv.company_id = ${companyId} and ${inRange(sql.ref('rv.reviewed_at'), r)}
      and (${afterId}::uuid is null or rv.id > ${afterId}::uuid)
    order by rv.id limit ${limit}`.execute(db);
  return res.rows;
}

export async function overduePage(db: Executor, companyId: string, r: Range, afterId: string | null, limit: number) {
  const res = await sql<{ id: string; nextReviewAt: Date; fichaName: string | null; dni: string; risk: string | null }>`
    select id, next_review_at as "nextReviewAt", dni, risk,
      coalesce(nullif(social_reason, ''), concat_ws(' ', name, father_name, mother_name)) as "fichaName"
    from fichas
    where company_id = ${companyId} and status = 'active' and next_review_at < ${r.to}::date + 1
      and (${afterId}::uuid is null or id > ${afterId}::uuid)
    order by id limit ${limit}`.execute(db);
  return res.rows;
}

export async function declarationFigures(db: Executor, companyId: string, r: Range) {
  const res = await sql<{ type: string; sent: number; signed: number }>`
    select type,
      count(*) filter (where ${inRange(sql.ref('last_sent_at'), r)})::int as sent,
      count(*) filter (where ${inRange(sql.ref('signed_at'), r)})::int as signed
    from forms
    where company_id = ${companyId} and is_active
      and (${inRange(sql.ref('last_sent_at'), r)} or ${inRange(sql.ref('signed_at'), r)})
    group by type order by type`.execute(db);
  return res.rows;
}

export async function declarationsPage(
  db: Executor,
  companyId: string,
  r: Range,
  afterId: string | null,
  limit: number,
) {
  const res = await sql<{
    id: string;
    type: string;
    status: string;
    name: string;
    lastSentAt: Date | null;
    signedAt: Date | null;
    signedSha256: string | null;
  }>`
    select id, type, status, name, last_sent_at as "lastSentAt", signed_at as "signedAt",
      signed_sha256 as "signedSha256"
    from forms
    where company_id = ${companyId} and is_active
      and (${inRange(sql.ref('last_sent_at'), r)} or ${inRange(sql.ref('signed_at'), r)})
      and (${afterId}::uuid is null or id > ${afterId}::uuid)
    order by id limit ${limit}`.execute(db);
  return res.rows;
}

/** The courses offered in the range (the platform's, in the company's language or every language). */
export async function coursesInForce(db: Executor, r: Range, language: string) {
  const res = await sql<{ title: string; url: string; createdAt: Date; active: boolean; deletedAt: Date | null }>`
    select title, url, created_at as "createdAt", active, deleted_at as "deletedAt"
    from courses
    where created_at < ${r.to}::date + 1 and (deleted_at is null or deleted_at >= ${r.from}::date)
      and (language is null or language = ${language})
    order by created_at`.execute(db);
  return res.rows;
}

/** The company's manuals uploaded by the end of the range, with whether each is the active one today. */
export async function manualsInForce(db: Executor, companyId: string, r: Range) {
  const res = await sql<{ name: string; uploadDate: Date; uploadedBy: string | null; active: boolean }>`
    select name, upload_date as "uploadDate", uploaded_by_name as "uploadedBy", active
    from companies_manuals
    where company_id = ${companyId} and upload_date < ${r.to}::date + 1
    order by upload_date`.execute(db);
  return res.rows;
}

/**
 * The whistleblowing channel's figures for the range: allegations received by category and status, and the days to
 * close. Only counts and durations: no reporter's identity (name, e-mail, phone), no description, no code.
 */
export async function allegationFigures(db: Executor, companyId: string, r: Range) {
  const byCategory = await sql<{ category: string; status: string; anonymous: boolean; n: number }>`
    select category, status, anonymous, count(*)::int as n from allegations
    where company_id = ${companyId} and ${inRange(sql.ref('created_at'), r)}
    group by category, status, anonymous order by category, status`.execute(db);
  const closing = await sql<{ closed: number; avgDays: number | null; maxDays: number | null }>`
    select count(closed_at)::int as closed,
      (avg(extract(epoch from (closed_at - created_at))) / 86400.0)::float8 as "avgDays",
      (max(extract(epoch from (closed_at - created_at))) / 86400.0)::float8 as "maxDays"
    from allegations
    where company_id = ${companyId} and ${inRange(sql.ref('created_at'), r)}`.execute(db);
  return { byCategory: byCategory.rows, closing: closing.rows[0] ?? null };
}
