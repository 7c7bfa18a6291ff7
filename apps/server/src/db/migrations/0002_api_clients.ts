import { type Kysely, sql } from 'kysely';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/** Per-company API credentials (client id + hashed secret) for external systems, managed in /tools/api. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table api_clients (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      user_id uuid not null references users(id),
      name text not null,
      client_id text not null unique,
      secret_hash text not null,
      active boolean not null default true,
      last_used_at timestamptz,
      created_by uuid,
      created_at timestamptz not null default now()
    );
    create index api_clients_company_idx on api_clients (company_id);
  `,
  );
  await tenantPolicy(db, 'api_clients');
  await sql.raw('grant select, insert, update, delete on api_clients to regcheck_app').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists api_clients').execute(db);
}
