import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Public links of an operation (spec 001 §7 "Consultations (data)": /consultations/public...). docs/decisions.md (10):
 * no fixed public token; each link carries its own unguessable token, stored only as its SHA-256 hash, with an expiry,
 * bound to one operation and (for the links sent by e-mail) one participant's document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table operation_public_links (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      operation_id uuid not null references operations(id) on delete cascade,
      dni text,
      token_hash text not null unique,
      expires_at timestamptz not null,
      created_by uuid,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );
    create index operation_public_links_operation_idx on operation_public_links (company_id, operation_id);
    `,
  );
  await tenantPolicy(db, 'operation_public_links');
  await sql.raw(`grant select, insert, update, delete on operation_public_links to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists operation_public_links').execute(db);
}
