import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Declaration forms, completed (issue 9):
 * - the operation's form status snapshot per form (formDOF, formBF, pepDefaultFormStatus of spec 000 §3 list rows),
 *   kept beside consultation_status, which the forms module refreshes on every send, opening, filling and signature;
 * - the e-mail of a form's last send: its outbox row, whether it was delivered or refused, and the status the form
 *   had before (a refused send rolls back to it);
 * - the fingerprint of the certificate each form was signed with (platform key or the company's own P12);
 * - the company's own signing key (P12, its passphrase sealed with AES-256-GCM);
 * - glosa-formularios (spec 001 §7): the company's texts (legends) of forms, by key, type and country.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table operations
      add column form_dof text not null default 'notRequired'
        check (form_dof in ('notRequired','required','sent','opened','filled','signed')),
      add column form_bf text not null default 'notRequired'
        check (form_bf in ('notRequired','required','sent','opened','filled','signed')),
      add column pep_default_form_status text not null default 'notRequired'
        check (pep_default_form_status in ('notRequired','required','sent','opened','filled','signed'));

    alter table forms
      add column last_outbox_id uuid,
      add column send_state text check (send_state in ('queued','delivered','failed')),
      add column send_error text,
      add column status_before_send text,
      add column signer_fingerprint text;
    create index forms_outbox_idx on forms (last_outbox_id) where last_outbox_id is not null;

    create table company_signing_keys (
      company_id uuid primary key references companies(id),
      p12 bytea not null,
      passphrase_sealed text not null,
      subject text not null,
      issuer text not null,
      serial_number text not null,
      fingerprint text not null,
      not_before timestamptz not null,
      not_after timestamptz not null,
      uploaded_by uuid,
      uploaded_at timestamptz not null default now()
    );

    create table glosa_formularios (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      clave text not null,
      titulo text not null,
      texto text not null,
      form_type text check (form_type in ('formDOF','formDOFLegal','formBF','formPep')),
      id_pais integer,
      is_active boolean not null default true,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index glosa_formularios_key_uq on glosa_formularios (company_id, lower(clave));
    create index glosa_formularios_company_idx on glosa_formularios (company_id, created_at desc);
    `,
  );
  for (const t of ['company_signing_keys', 'glosa_formularios']) {
    await tenantPolicy(db, t);
    await sql.raw(`grant select, insert, update, delete on ${t} to ${APP_ROLE}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists glosa_formularios, company_signing_keys cascade').execute(db);
  await sql
    .raw(
      `alter table forms drop column if exists last_outbox_id, drop column if exists send_state,
       drop column if exists send_error, drop column if exists status_before_send,
       drop column if exists signer_fingerprint`,
    )
    .execute(db);
  await sql
    .raw(
      `alter table operations drop column if exists form_dof, drop column if exists form_bf,
       drop column if exists pep_default_form_status`,
    )
    .execute(db);
}
