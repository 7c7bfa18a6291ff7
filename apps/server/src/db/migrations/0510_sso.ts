import { type Kysely, sql } from 'kysely';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Single sign-on with OpenID Connect, per company (issue 13): the company's provider (issuer, client id, the client
 * secret sealed with AES-256-GCM), the e-mail domains it signs in (a domain belongs to one company on the whole
 * platform), and the sign-ins under way (state and PKCE verifier, single use, 10 minutes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table sso_providers (
      company_id uuid primary key references companies(id),
      provider_name text not null default 'Microsoft',
      issuer_url text not null,
      client_id text not null,
      client_secret text not null,
      enabled boolean not null default true,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_by uuid,
      updated_at timestamptz not null default now()
    );
    create table sso_domains (
      domain text primary key,
      company_id uuid not null references companies(id)
    );
    create index sso_domains_company_idx on sso_domains (company_id);
    create table sso_login_states (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      state_hash text not null unique,
      binding_hash text not null,
      nonce text not null,
      code_verifier text not null,
      redirect_uri text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index sso_login_states_expiry_idx on sso_login_states (expires_at);
  `,
  );
  for (const table of ['sso_providers', 'sso_domains', 'sso_login_states']) {
    await tenantPolicy(db, table);
    await sql.raw(`grant select, insert, update, delete on ${table} to regcheck_app`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists sso_login_states').execute(db);
  await sql.raw('drop table if exists sso_domains').execute(db);
  await sql.raw('drop table if exists sso_providers').execute(db);
}
