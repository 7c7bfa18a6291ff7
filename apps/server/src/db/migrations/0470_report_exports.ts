import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Report exports (issue 12, exportReport): one xlsx a user asked for, built by a job without the on-screen row cap,
 * with its progress, its stored file once ready and the error when it failed. `report_documents` are the report
 * files uploaded through POST /files/archivo/reportes/{origin} and read back by POST /files/getDocument.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table report_exports (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      report text not null,
      date_from date,
      date_to date,
      locale text not null,
      status text not null default 'queued' check (status in ('queued','running','ready','failed')),
      progress integer not null default 0,
      row_count integer,
      file_key text,
      file_size integer,
      error text,
      created_by uuid,
      created_by_name text,
      created_by_email text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index report_exports_company_idx on report_exports (company_id, created_at desc, id desc);
    create table report_documents (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      origin text not null,
      name text not null,
      mimetype text not null,
      size integer not null,
      file_key text not null,
      uploaded_by uuid,
      created_at timestamptz not null default now()
    );
    create index report_documents_company_idx on report_documents (company_id, origin, created_at desc);
    `,
  );
  for (const t of ['report_exports', 'report_documents']) {
    await tenantPolicy(db, t);
    await sql.raw(`grant select, insert, update, delete on ${t} to ${APP_ROLE}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists report_exports, report_documents').execute(db);
}
