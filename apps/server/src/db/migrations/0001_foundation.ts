import { type Kysely, sql } from 'kysely';
import { APP_ROLE, createAppRole } from '../tenant';
import { execScript } from './sql-script';

/** Enables row-level security on a tenant table with the policy on its company column. */
export async function tenantPolicy(db: Kysely<unknown>, table: string, column = 'company_id') {
  await sql.raw(`alter table ${table} enable row level security`).execute(db);
  await sql
    .raw(
      `create policy ${table}_tenant on ${table} to ${APP_ROLE}
       using (${column} = nullif(current_setting('app.company_id', true), '')::uuid)
       with check (${column} = nullif(current_setting('app.company_id', true), '')::uuid)`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The application role: no login, no superuser, so policies apply to it.
  await createAppRole(db);
  await sql.raw(`grant usage on schema public to ${APP_ROLE}`).execute(db);
  await sql
    .raw(`alter default privileges in schema public grant select, insert, update, delete on tables to ${APP_ROLE}`)
    .execute(db);
  await sql
    .raw(`alter default privileges in schema public grant usage, select on sequences to ${APP_ROLE}`)
    .execute(db);

  await execScript(
    db,
    `
    create table companies (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      country text not null,
      language text not null check (language in ('es','br','en')),
      massive_bulks boolean not null default false,
      allegations_channel_status text not null default 'inactive' check (allegations_channel_status in ('active','inactive')),
      settings jsonb not null default '{}'::jsonb,
      status text not null default 'active' check (status in ('active','inactive')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      deleted_by uuid
    );

    create table users (
      id uuid primary key default gen_random_uuid(),
      company_id uuid references companies(id),
      name text not null,
      email text not null,
      role text not null,
      lang text check (lang in ('es','br','en')),
      active boolean not null default true,
      password_hash text,
      ask_password_change boolean not null default false,
      photo_url text,
      last_login_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      created_by uuid,
      deleted_at timestamptz
    );
    create unique index users_email_key on users (lower(email));
    create index users_company_idx on users (company_id, role);

    create table sessions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      company_id uuid references companies(id),
      refresh_hash text not null unique,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      ip text,
      user_agent text
    );
    create index sessions_user_idx on sessions (user_id);

    create table password_reset_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      company_id uuid references companies(id),
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );

    create table login_attempts (
      key text primary key,
      failures integer not null default 0,
      window_start timestamptz not null default now(),
      locked_until timestamptz
    );

    create table audit_log (
      id uuid primary key default gen_random_uuid(),
      company_id uuid,
      user_id uuid,
      action text not null,
      entity text,
      entity_id text,
      before jsonb,
      after jsonb,
      ip text,
      request_id text,
      created_at timestamptz not null default clock_timestamp()
    );
    create index audit_log_company_idx on audit_log (company_id, created_at desc);
    create index audit_log_entity_idx on audit_log (entity, entity_id, created_at desc);

    create table outbox (
      id uuid primary key default gen_random_uuid(),
      company_id uuid,
      kind text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      status text not null default 'pending' check (status in ('pending','sent','failed')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index outbox_status_idx on outbox (status, created_at);

    create table jobs (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      payload jsonb not null default '{}'::jsonb,
      status text not null default 'queued' check (status in ('queued','running','done','failed')),
      run_at timestamptz not null default now(),
      attempts integer not null default 0,
      max_attempts integer not null default 5,
      last_error text,
      locked_at timestamptz,
      locked_by text,
      singleton_key text,
      progress jsonb,
      company_id uuid,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index jobs_ready_idx on jobs (run_at) where status = 'queued';
    create unique index jobs_singleton_idx on jobs (singleton_key) where singleton_key is not null and status in ('queued','running');

    create table app_settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now()
    );
  `,
  );

  // companies: a tenant sees its own row only
  await tenantPolicy(db, 'companies', 'id');
  for (const t of ['users', 'sessions', 'password_reset_tokens', 'audit_log']) await tenantPolicy(db, t);
  await sql
    .raw(
      `grant select, insert, update, delete on companies, users, sessions, password_reset_tokens, audit_log, outbox, jobs to ${APP_ROLE}`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'drop table if exists app_settings, jobs, outbox, audit_log, login_attempts, password_reset_tokens, sessions, users, companies cascade',
    )
    .execute(db);
}
