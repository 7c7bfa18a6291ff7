import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Bacen fraud-indication records (Resolução Conjunta 6/2023): the record, every previous version with the reason
 * of the change or deletion, and the monthly conformity declarations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table bacen_reports (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      ficha_id uuid,
      suspect_name text,
      suspect_document text,
      description text not null,
      registering_institution text not null,
      operation_type text not null check (operation_type in ('transfer','pix','other')),
      destination jsonb,
      consent boolean not null check (consent),
      consent_at timestamptz not null,
      identified_at timestamptz not null,
      registered_at timestamptz not null default now(),
      version integer not null default 1,
      created_by uuid,
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      deleted_by uuid,
      deleted_reason text
    );
    create index bacen_reports_company on bacen_reports (company_id, registered_at desc);

    create table bacen_report_versions (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      report_id uuid not null references bacen_reports(id),
      version integer not null,
      data jsonb not null,
      reason text not null,
      changed_by uuid,
      changed_at timestamptz not null default now()
    );
    create index bacen_report_versions_report on bacen_report_versions (company_id, report_id, version);

    create table bacen_declarations (
      company_id uuid not null references companies(id),
      month text not null check (month ~ '^\\d{4}-\\d{2}$'),
      declared_by uuid,
      declared_at timestamptz not null default now(),
      primary key (company_id, month)
    );
    `,
  );
  for (const t of ['bacen_reports', 'bacen_report_versions', 'bacen_declarations']) await tenantPolicy(db, t);
  await sql
    .raw(
      `grant select, insert, update, delete on bacen_reports, bacen_report_versions, bacen_declarations to ${APP_ROLE}`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bacen_declarations, bacen_report_versions, bacen_reports cascade`.execute(db);
}
