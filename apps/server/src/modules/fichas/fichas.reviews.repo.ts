import type { ReviewPeriods, ReviewState } from '@regcheck/shared';
import { reviewWindow } from '@regcheck/shared';
import { type SqlBool, sql } from 'kysely';
import { tenantUpdate } from '../../db/crud';
import type { Executor } from '../../db/tenant';

/*
 * The periodic review columns of fichas (last_reviewed_at, last_review_outcome, next_review_at: midnight UTC of the
 * next review day): the list condition of each review state, the dashboard's counts, the overdue fichas of the weekly
 * notification, a review's effect on its ficha and the rescheduling of a company after its periods change. The day
 * bounds come from packages/shared/src/reviews.ts `reviewWindow` (UTC days, decision 92).
 */

const midnight = (day: string) => `${day}T00:00:00.000Z`;

/** The SQL condition of a review state as of `now` (the fichas list filter `reviewState` and the dashboard). */
export function reviewStateCondition(state: ReviewState, now: Date = new Date()) {
  const { today, monthEnd } = reviewWindow(now);
  switch (state) {
    case 'overdue':
      return sql<SqlBool>`fichas.next_review_at < ${midnight(today)}::timestamptz`;
    case 'dueThisMonth':
      return sql<SqlBool>`(fichas.next_review_at >= ${midnight(today)}::timestamptz
        and fichas.next_review_at <= ${midnight(monthEnd)}::timestamptz)`;
    case 'upToDate':
      return sql<SqlBool>`fichas.next_review_at > ${midnight(monthEnd)}::timestamptz`;
    case 'notScheduled':
      return sql<SqlBool>`fichas.next_review_at is null`;
  }
}

/**
 * The home dashboard's figures: active fichas whose review is overdue and due this month, by the conditions of the
 * list filter (so that each figure's link opens a list of exactly that many rows, decision 90). Both lie before the
 * month's end, so only those entries of the `next_review_at` index are read, not the whole rated portfolio.
 */
export async function reviewCounts(db: Executor, companyId: string, now: Date = new Date()) {
  const r = await sql<{ overdue: number; dueThisMonth: number }>`
    select count(*) filter (where ${reviewStateCondition('overdue', now)})::int as "overdue",
      count(*) filter (where ${reviewStateCondition('dueThisMonth', now)})::int as "dueThisMonth"
    from fichas where fichas.company_id = ${companyId} and fichas.status = 'active'
      and fichas.next_review_at <= ${midnight(reviewWindow(now).monthEnd)}::timestamptz`.execute(db);
  return { overdue: Number(r.rows[0]?.overdue ?? 0), dueThisMonth: Number(r.rows[0]?.dueThisMonth ?? 0) };
}

/** The active fichas whose review is overdue as of `now`, the longest overdue first (at most `limit`), and their number. */
export async function overdueFichas(db: Executor, companyId: string, limit: number, now: Date = new Date()) {
  // the window count is taken before the limit: every overdue ficha's number on each row (none: total 0)
  const r = await sql<{
    id: string;
    personType: 'natural' | 'legal';
    name: string | null;
    fatherName: string | null;
    motherName: string | null;
    socialReason: string | null;
    nextReviewAt: Date;
    total: number;
  }>`
    select id, person_type as "personType", name, father_name as "fatherName", mother_name as "motherName",
      social_reason as "socialReason", next_review_at as "nextReviewAt", count(*) over()::int as "total"
    from fichas where fichas.company_id = ${companyId} and fichas.status = 'active'
      and ${reviewStateCondition('overdue', now)}
    order by fichas.next_review_at, fichas.id limit ${limit}`.execute(db);
  const rows = r.rows.map(({ total: _total, ...row }) => row);
  return { rows, total: Number(r.rows[0]?.total ?? 0) };
}

/** The companies with at least one active ficha whose review is overdue (system work: the weekly notification). */
export async function companiesWithOverdue(db: Executor, now: Date = new Date()) {
  const r = await sql<{ companyId: string; language: string | null }>`
    select c.id as "companyId", c.language from companies c
    where c.status = 'active' and c.deleted_at is null and exists (
      select 1 from fichas where fichas.company_id = c.id and fichas.status = 'active'
        and ${reviewStateCondition('overdue', now)})
    order by c.id`.execute(db);
  return r.rows;
}

/** A review recorded on a ficha: its last review and the next review day it set (updated_at kept: no edit). */
export async function setReviewed(
  db: Executor,
  companyId: string,
  id: string,
  v: { reviewedAt: Date; outcome: string; nextReviewAt: Date | null },
) {
  return tenantUpdate(db, 'fichas', companyId, {
    lastReviewedAt: v.reviewedAt,
    lastReviewOutcome: v.outcome,
    nextReviewAt: v.nextReviewAt,
  })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Every ficha of a company scheduled again with new periods, by the rule of `nextReviewDay` (packages/shared
 * reviews.ts) in one statement: the risk's period after the last review or the creation, none without a risk or
 * after "relationship ended". Answers how many fichas changed date.
 */
export async function rescheduleCompany(db: Executor, companyId: string, p: ReviewPeriods) {
  const r = await sql`
    update fichas set next_review_at = s.next from (
      select f.id, case when f.risk is null or f.last_review_outcome = 'relationshipEnded' then null
        else (date_trunc('day', coalesce(f.last_reviewed_at, f.created_at) at time zone 'UTC')
          + make_interval(years => case f.risk when 'high' then ${p.high}::int when 'medium' then ${p.medium}::int
            else ${p.low}::int end)) at time zone 'UTC' end as next
      from fichas f where f.company_id = ${companyId}) s
    where fichas.company_id = ${companyId} and fichas.id = s.id
      and fichas.next_review_at is distinct from s.next`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
