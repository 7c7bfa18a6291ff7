import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * E-mail profiles (spec 001 §3 "E-mail profile"): the name, reply address, colour, logo and signature the company's
 * e-mails carry. Profile name unique per company; an SSO domain unique on the platform; at most one active profile
 * per company. The outbox learns the reply-to address and the sender name a profile gives.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table mail_profiles (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      company_name text not null,
      profile_name text not null,
      reply_email text not null,
      template_type text not null default 'default' check (template_type in ('default','specific')),
      template_key text,
      color text not null default '#1c7ed6',
      logo text,
      signature text,
      sso_domain text,
      active boolean not null default false,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index mail_profiles_name_uq on mail_profiles (company_id, lower(profile_name));
    create unique index mail_profiles_sso_uq on mail_profiles (lower(sso_domain)) where sso_domain is not null;
    create unique index mail_profiles_active_uq on mail_profiles (company_id) where active;
    alter table outbox add column reply_to text;
    alter table outbox add column from_name text;
    `,
  );
  await tenantPolicy(db, 'mail_profiles');
  await sql.raw(`grant select, insert, update, delete on mail_profiles to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists mail_profiles cascade').execute(db);
  await sql.raw('alter table outbox drop column if exists reply_to, drop column if exists from_name').execute(db);
}
