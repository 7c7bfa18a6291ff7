import type { Kysely } from 'kysely';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/** The company manuals (PDFs) every role of the company reads and the admin roles upload, rename and deactivate. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table companies_manuals (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      name text not null,
      mimetype text not null default 'application/pdf',
      file_key text not null,
      size integer not null default 0,
      active boolean not null default true,
      uploaded_by uuid,
      uploaded_by_name text,
      upload_date timestamptz not null default now()
    );
    create index companies_manuals_company_idx on companies_manuals (company_id, active, upload_date desc);
    grant select, insert, update, delete on companies_manuals to regcheck_app;
    `,
  );
  await tenantPolicy(db, 'companies_manuals');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, 'drop table if exists companies_manuals;');
}
