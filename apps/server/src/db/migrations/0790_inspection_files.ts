import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * The inspector's files (issue 28): a customer's file (kind 'customer', one ficha) or a period pack (kind 'period',
 * a date range), built by a job into one zip (a signed PDF, the same content as JSON, the attached files and a
 * manifest with the SHA-256 of every part), with its progress, the stored zip once ready and the SHA-256 of the
 * signed PDF and of the manifest, by which /public/verify recognises them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table inspection_files (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      kind text not null check (kind in ('customer','period')),
      ficha_id uuid,
      date_from date,
      date_to date,
      locale text not null,
      status text not null default 'queued' check (status in ('queued','running','ready','failed')),
      progress integer not null default 0,
      file_key text,
      file_size bigint,
      file_name text,
      pdf_sha256 text,
      manifest_sha256 text,
      signer_fingerprint text,
      error text,
      created_by uuid,
      created_by_name text,
      created_by_email text,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      check (kind = 'period' or ficha_id is not null),
      check (kind = 'customer' or (date_from is not null and date_to is not null and date_to >= date_from))
    );
    create index inspection_files_company_idx on inspection_files (company_id, created_at desc, id desc);
    create index inspection_files_ficha_idx on inspection_files (company_id, ficha_id, created_at desc);
    create index inspection_files_pdf_sha_idx on inspection_files (pdf_sha256) where pdf_sha256 is not null;
    create index inspection_files_manifest_sha_idx on inspection_files (manifest_sha256) where manifest_sha256 is not null;
    `,
  );
  await tenantPolicy(db, 'inspection_files');
  await sql.raw(`grant select, insert, update on inspection_files to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists inspection_files').execute(db);
}
