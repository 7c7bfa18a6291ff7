import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Issue 23, point 3: COAF for Brazil (decision 150). A Brazilian company's cash operation of R$ 50,000 or more (the
 * company's setting) is "COAF communication due" by the next business day; the officer registers the communication
 * made in SISCOAF with its protocol number and date. One row per communicated operation: append-only (no update,
 * delete or truncate grant, and a trigger refusing an update or a delete by any role), so a communication cannot be
 * undone silently. `notified_due` keeps the operations whose due-day notification was sent (once per operation).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table coaf_communications (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      operation_id uuid not null references operations(id),
      protocol text not null check (length(btrim(protocol)) between 1 and 60),
      communicated_on date not null,
      operation_day date not null,
      deadline date not null,
      cash_amount numeric(18,2) not null,
      threshold_brl numeric(18,2) not null,
      registered_by uuid not null,
      registered_by_name text not null,
      registered_at timestamptz not null default now(),
      unique (company_id, operation_id)
    );
    create index coaf_communications_company on coaf_communications (company_id, registered_at desc);

    create function coaf_communications_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'a COAF communication cannot be changed or deleted';
    end $$;
    create trigger coaf_communications_no_change before update or delete on coaf_communications
      for each row execute function coaf_communications_immutable();

    create table coaf_due_notices (
      company_id uuid not null references companies(id),
      operation_id uuid not null references operations(id),
      notified_at timestamptz not null default now(),
      primary key (company_id, operation_id)
    );
    `,
  );
  await tenantPolicy(db, 'coaf_communications');
  await tenantPolicy(db, 'coaf_due_notices');
  await sql.raw(`revoke update, delete, truncate on coaf_communications from ${APP_ROLE}`).execute(db);
  await sql.raw(`grant select, insert on coaf_communications to ${APP_ROLE}`).execute(db);
  await sql.raw(`grant select, insert on coaf_due_notices to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists coaf_due_notices cascade`.execute(db);
  await sql`drop table if exists coaf_communications cascade`.execute(db);
  await sql`drop function if exists coaf_communications_immutable()`.execute(db);
}
