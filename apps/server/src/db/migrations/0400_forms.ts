import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Declaration forms (spec 001 §3 Forms, §7 Form DOF / PEP / BF, Templates and batch): the company's form templates,
 * the forms sent to a participant (answers, photos, signature, original and signed PDF, the audit trail of the
 * signing steps), their public links (token stored only as its SHA-256, expiring, revocable), the company's form
 * rules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table form_templates (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      nombre text not null,
      configuracion jsonb not null default '{}'::jsonb,
      id_pais integer not null default 2,
      form_type text check (form_type in ('formDOF','formDOFLegal','formBF','formPep')),
      is_active boolean not null default true,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index form_templates_company_idx on form_templates (company_id, id_pais);

    create table forms (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      type text not null check (type in ('formDOF','formDOFLegal','formBF','formPep')),
      operation_id uuid references operations(id) on delete set null,
      associate_index integer,
      ficha_id uuid,
      dni text not null,
      name text not null,
      email text,
      language text not null,
      status text not null default 'required' check (status in ('required','sent','opened','filled','signed')),
      is_active boolean not null default true,
      template jsonb not null,
      data jsonb not null default '{}'::jsonb,
      files jsonb not null default '[]'::jsonb,
      photo_key text,
      id_photo_key text,
      signature_key text,
      original_key text,
      signed_key text,
      content_sha256 text,
      signed_sha256 text,
      steps jsonb not null default '[]'::jsonb,
      last_sent_at timestamptz,
      opened_at timestamptz,
      filled_at timestamptz,
      signed_at timestamptz,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index forms_operation_idx on forms (company_id, operation_id);
    create index forms_ficha_idx on forms (company_id, ficha_id);
    create index forms_signed_sha_idx on forms (signed_sha256);

    create table form_links (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      form_id uuid not null references forms(id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      created_by uuid,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );
    create index form_links_form_idx on form_links (company_id, form_id);

    create table form_rules (
      company_id uuid primary key references companies(id),
      dof_threshold numeric not null default 0,
      update_window_days integer not null default 365,
      bf_for_legal boolean not null default true,
      pep_for_peps boolean not null default true,
      updated_at timestamptz not null default now()
    );


    `,
  );
  for (const t of ['form_templates', 'forms', 'form_links', 'form_rules']) {
    await tenantPolicy(db, t);
    await sql.raw(`grant select, insert, update, delete on ${t} to ${APP_ROLE}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists form_rules, form_links, forms, form_templates cascade').execute(db);
}
