import { type Kysely, sql } from 'kysely';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Revoked API credentials (kept for the audit trail), and the company's webhooks: HTTPS endpoints told of events
 * (new list match, form signed, operation finished, allegation received), each delivery logged with its status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table api_clients add column revoked_at timestamptz;
    create table webhooks (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      url text not null,
      events jsonb not null default '[]',
      secret text not null,
      active boolean not null default true,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index webhooks_company_idx on webhooks (company_id);
    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      webhook_id uuid not null references webhooks(id),
      event text not null,
      payload jsonb not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      response_status integer,
      error text,
      created_at timestamptz not null default now(),
      last_attempt_at timestamptz,
      delivered_at timestamptz
    );
    create index webhook_deliveries_hook_idx on webhook_deliveries (company_id, webhook_id, created_at desc);
  `,
  );
  for (const table of ['webhooks', 'webhook_deliveries']) {
    await tenantPolicy(db, table);
    await sql.raw(`grant select, insert, update, delete on ${table} to regcheck_app`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists webhook_deliveries').execute(db);
  await sql.raw('drop table if exists webhooks').execute(db);
  await sql.raw('alter table api_clients drop column if exists revoked_at').execute(db);
}
