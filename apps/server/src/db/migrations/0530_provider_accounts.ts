import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * The company's data-provider account ("datacorp", decision 81): the token endpoint, the client id and the client
 * secret (encrypted at rest), and the access token it issued (encrypted) with its expiry and who renewed it. The
 * call log gains an index for one ficha's lookups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table provider_accounts (
      company_id uuid primary key references companies(id),
      base_url text not null,
      client_id text not null,
      client_secret_enc text,
      token_enc text,
      token_expires_at timestamptz,
      renewed_at timestamptz,
      renewed_by uuid,
      sample boolean not null default false,
      updated_at timestamptz not null default now()
    );
    create index provider_calls_company_ficha on provider_calls (company_id, ficha_id, created_at desc)
      where ficha_id is not null;
    `,
  );
  await tenantPolicy(db, 'provider_accounts');
  await sql.raw(`grant select, insert, update, delete on provider_accounts to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists provider_calls_company_ficha`.execute(db);
  await sql`drop table if exists provider_accounts cascade`.execute(db);
}
