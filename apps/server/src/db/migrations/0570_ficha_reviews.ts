import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Issue 24, point 4: the periodic review of customers (decisions 120 to 122). A ficha stores its last review (when
 * and with what outcome) and its next review day (`next_review_at`, midnight UTC of that day), which the rating
 * keeps from its risk: high every 1 year, medium every 2, low every 3 (company settings reviewYearsHigh, …Medium,
 * …Low, 1 to 10), counted from the last review or, never reviewed, from the ficha's creation. `ficha_reviews` keeps
 * every review. The fichas that exist get their first date from their creation and their current risk, by the same
 * rule as packages/shared/src/reviews.ts (`nextReviewDay`: an interval of whole years, 29 February to 28 February).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table fichas add column last_reviewed_at timestamptz;
    alter table fichas add column last_review_outcome text;
    alter table fichas add column next_review_at timestamptz;
    create index fichas_next_review_idx on fichas (company_id, next_review_at) where status = 'active';
    create table ficha_reviews (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      ficha_id uuid not null,
      checked text not null,
      outcome text not null
        check (outcome in ('noChanges', 'informationUpdated', 'riskChanged', 'relationshipEnded')),
      risk text,
      next_review_at timestamptz,
      reviewed_by uuid,
      reviewed_at timestamptz not null default now(),
      foreign key (company_id, ficha_id) references fichas (company_id, id) on delete cascade
    );
    create index ficha_reviews_ficha_idx on ficha_reviews (company_id, ficha_id, reviewed_at desc);
    `,
  );
  await tenantPolicy(db, 'ficha_reviews');
  await sql.raw(`grant select, insert, update, delete on ficha_reviews to ${APP_ROLE}`).execute(db);
  await backfillNextReview(db);
}

/** The first next review day of the fichas that have none: their risk's period after their creation. */
export async function backfillNextReview(db: Kysely<unknown>) {
  const years = (key: string, fallback: number) =>
    `case when c.settings->>'${key}' ~ '^([1-9]|10)$' then (c.settings->>'${key}')::int else ${fallback} end`;
  await sql
    .raw(
      `update fichas f set next_review_at =
        (date_trunc('day', f.created_at at time zone 'UTC') + make_interval(years => case f.risk
          when 'high' then ${years('reviewYearsHigh', 1)}
          when 'medium' then ${years('reviewYearsMedium', 2)}
          else ${years('reviewYearsLow', 3)} end)) at time zone 'UTC'
      from companies c
      where c.id = f.company_id and f.risk in ('low', 'medium', 'high') and f.next_review_at is null
        and f.last_reviewed_at is null`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    drop table if exists ficha_reviews;
    drop index if exists fichas_next_review_idx;
    alter table fichas drop column if exists next_review_at;
    alter table fichas drop column if exists last_review_outcome;
    alter table fichas drop column if exists last_reviewed_at;
    `,
  );
}
