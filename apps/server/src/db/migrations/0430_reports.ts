import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Reports and the home dashboard: the news the super administrator writes (not a tenant table: one item is shown
 * to the companies of its countries, every country when it names none), and the indexes the dashboard widgets
 * read (bench/dashboard: 1,000,000 operations and 1,000,000 fichas of one company): the period's rows of
 * fichas and operations with the columns the widgets count, so that every count is an index-only scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table news (
      id uuid primary key default gen_random_uuid(),
      title text not null,
      body text not null default '',
      news_date date not null default current_date,
      countries jsonb not null default '[]'::jsonb,
      active boolean not null default true,
      created_by uuid,
      created_at timestamptz not null default now()
    );
    create index news_date_idx on news (news_date desc) where active;
    grant select, insert, update on news to regcheck_app;

    create index fichas_matches_created_idx on fichas (company_id, created_at) where status = 'active' and listas_total > 0;
    create index fichas_dashboard_idx on fichas (company_id, created_at)
      include (risk, listas_total, person_type, pep_status) where status = 'active';
    create index operations_dashboard_idx on operations (company_id, created_at)
      include (roe, ros, state, consultation_status) where record_status = 'active';
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    drop index if exists operations_dashboard_idx;
    drop index if exists fichas_dashboard_idx;
    drop index if exists fichas_matches_created_idx;
    drop table if exists news;
    `,
  );
}
