import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/** Commercial credit reports (Chile) of a ficha and the company's risk thresholds. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table commercial_reports (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      ficha_id uuid not null,
      requested_by uuid,
      report jsonb not null,
      exposure numeric(18,0) not null default 0,
      risk text not null check (risk in ('low','medium','high')),
      sample boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index commercial_reports_ficha on commercial_reports (company_id, ficha_id, created_at desc);

    create table commercial_report_settings (
      company_id uuid primary key references companies(id),
      medium_from numeric(18,0) not null,
      high_from numeric(18,0) not null,
      updated_at timestamptz not null default now()
    );
    `,
  );
  for (const t of ['commercial_reports', 'commercial_report_settings']) await tenantPolicy(db, t);
  await sql
    .raw(`grant select, insert, update, delete on commercial_reports, commercial_report_settings to ${APP_ROLE}`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists commercial_report_settings, commercial_reports cascade`.execute(db);
}
