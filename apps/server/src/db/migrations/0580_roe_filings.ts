import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Issue 23, point 1: a ROE period once filed is kept as it was filed (decision 127). One row per filing: the period,
 * the threshold, the operations and the rates the file was made from, the file's bytes and SHA-256, who filed it
 * and when. The application may insert and read a filing, never change or delete it: no update, delete or truncate
 * grant, and a trigger that refuses an update or a delete by any role (the owner included).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table roe_filings (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      period_from date not null,
      period_to date not null,
      threshold_usd numeric(18,2) not null,
      negative boolean not null,
      operation_count integer not null,
      operations jsonb not null,
      rates jsonb not null,
      file_name text not null,
      file_bytes bytea not null,
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      filed_by uuid not null,
      filed_by_name text not null,
      filed_at timestamptz not null default now(),
      check (period_to >= period_from)
    );
    create index roe_filings_period on roe_filings (company_id, period_from, period_to, filed_at desc);

    create function roe_filings_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'a ROE filing cannot be changed or deleted';
    end $$;
    create trigger roe_filings_no_change before update or delete on roe_filings
      for each row execute function roe_filings_immutable();
    `,
  );
  await tenantPolicy(db, 'roe_filings');
  // the default privileges of migration 0001 give every new table all four: a filing is append-only
  await sql.raw(`revoke update, delete, truncate on roe_filings from ${APP_ROLE}`).execute(db);
  await sql.raw(`grant select, insert on roe_filings to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists roe_filings cascade`.execute(db);
  await sql`drop function if exists roe_filings_immutable()`.execute(db);
}
