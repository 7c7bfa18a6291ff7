import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * External record providers (CNPJ/CPF registries, court cases...): each company's configuration with its
 * credentials encrypted at rest and its contracted request limit, the 24-hour cache of answers per company, provider
 * and person, and the log of every call for the auditor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table provider_configs (
      company_id uuid not null references companies(id),
      provider text not null,
      base_url text not null,
      credentials_enc text,
      request_limit integer check (request_limit is null or request_limit >= 0),
      requests_used integer not null default 0,
      enabled boolean not null default true,
      sample boolean not null default false,
      updated_at timestamptz not null default now(),
      primary key (company_id, provider)
    );

    create table provider_cache (
      company_id uuid not null references companies(id),
      provider text not null,
      cache_key text not null,
      answer jsonb not null,
      found boolean not null,
      sample boolean not null default false,
      fetched_at timestamptz not null default now(),
      primary key (company_id, provider, cache_key)
    );

    create table provider_calls (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      user_id uuid,
      provider text not null,
      source text not null,
      ficha_id uuid,
      person_document text not null,
      result text not null check (result in ('found','notFound','cached','error','timeout','limit','notConfigured')),
      http_status integer,
      duration_ms integer not null default 0,
      created_at timestamptz not null default now()
    );
    create index provider_calls_company_created on provider_calls (company_id, created_at desc);
    `,
  );
  for (const t of ['provider_configs', 'provider_cache', 'provider_calls']) await tenantPolicy(db, t);
  await sql
    .raw(`grant select, insert, update, delete on provider_configs, provider_cache, provider_calls to ${APP_ROLE}`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists provider_calls, provider_cache, provider_configs cascade`.execute(db);
}
