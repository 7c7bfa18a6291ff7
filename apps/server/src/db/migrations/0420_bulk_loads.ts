import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Bulk loads of fichas and operations from xlsx (issue 11). `bulk_loads` is one load: its file, its status, the
 * counts and `committed_row`, the last spreadsheet row whose batch committed (a restarted job resumes after it).
 * `bulk_load_rows` records the outcome of each loaded row, keyed by load and row number, in the same transaction
 * as the row's change: a row is never applied twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table bulk_loads (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      user_id uuid,
      author_name text,
      author_email text,
      custom_name text not null,
      country text not null,
      load_type text not null,
      file_key text not null,
      status text not null default 'new',
      total integer,
      processed integer not null default 0,
      created integer not null default 0,
      updated integer not null default 0,
      failed integer not null default 0,
      committed_row integer not null default 1,
      file_error jsonb,
      similar_records jsonb,
      restore_ids jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index bulk_loads_company_idx on bulk_loads (company_id, created_at desc);
    create table bulk_load_rows (
      load_id uuid not null references bulk_loads(id) on delete cascade,
      row_number integer not null,
      company_id uuid not null references companies(id),
      outcome text not null,
      ficha_id uuid,
      errors jsonb,
      primary key (load_id, row_number)
    );
    create index bulk_load_rows_failed_idx on bulk_load_rows (load_id, row_number) where outcome = 'failed';
    `,
  );
  for (const t of ['bulk_loads', 'bulk_load_rows']) {
    await tenantPolicy(db, t);
    await sql.raw(`grant select, insert, update, delete on ${t} to ${APP_ROLE}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists bulk_load_rows, bulk_loads cascade').execute(db);
}
