import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * E-mail changes asked through a public consultation link (issue 17): the holder of a link may not replace a
 * ficha's e-mail at once; the change waits here until the single-use link mailed to the OLD address is opened.
 * Only the SHA-256 of that link's token is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table operation_public_email_changes (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      link_id uuid not null references operation_public_links(id) on delete cascade,
      ficha_id uuid not null,
      associate_id uuid not null,
      old_email text not null,
      new_email text not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      ip text,
      request_id text,
      created_at timestamptz not null default now()
    );
    create index operation_public_email_changes_ficha_idx on operation_public_email_changes (company_id, ficha_id);
    `,
  );
  await tenantPolicy(db, 'operation_public_email_changes');
  await sql.raw(`grant select, insert, update, delete on operation_public_email_changes to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists operation_public_email_changes').execute(db);
}
