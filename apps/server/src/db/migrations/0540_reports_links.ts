import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 12, the dashboard's links (decision 90): the operations' figures count by transaction date, the date the
 * customer-management list filters on, so their covering index moves from created_at to transaction_date (the
 * created_at one had no other reader). Report exports gain their options (the forms report's type and "filled
 * too", the fichas report's filters, the report flow that asked for it); news items their last change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create index operations_dashboard_txdate_idx on operations (company_id, transaction_date)
      include (roe, ros, state, consultation_status) where record_status = 'active';
    drop index if exists operations_dashboard_idx;
    alter table report_exports add column options jsonb not null default '{}'::jsonb;
    alter table news add column updated_at timestamptz;
    alter table news add column updated_by uuid;
    create index news_all_idx on news (news_date desc, created_at desc);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    drop index if exists news_all_idx;
    alter table news drop column if exists updated_by;
    alter table news drop column if exists updated_at;
    alter table report_exports drop column if exists options;
    create index if not exists operations_dashboard_idx on operations (company_id, created_at)
      include (roe, ros, state, consultation_status) where record_status = 'active';
    drop index if exists operations_dashboard_txdate_idx;
    `,
  );
}
