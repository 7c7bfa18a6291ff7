import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * The case history of a report beyond its status changes (issue 27 point 5, decision 182): who assigned it to whom,
 * who opened it (one line per user and report per hour), who downloaded one of its files or a list export that held
 * it. Only staff users act here: `user_id` is always a user, `assignee_id` and `previous_assignee_id` are users,
 * `file_id` an attachment of the report. No column holds anything the reporter wrote or sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table allegation_activity (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      allegation_id uuid not null references allegations(id) on delete cascade,
      kind text not null check (kind in ('assigned', 'viewed', 'file_downloaded', 'exported')),
      user_id uuid not null references users(id),
      assignee_id uuid references users(id),
      previous_assignee_id uuid references users(id),
      file_id uuid references allegation_files(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index allegation_activity_idx on allegation_activity (company_id, allegation_id, created_at);
    create index allegation_activity_reads on allegation_activity (allegation_id, user_id, created_at)
      where kind = 'viewed';
    `,
  );
  await tenantPolicy(db, 'allegation_activity');
  await sql.raw(`grant select, insert, update, delete on allegation_activity to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists allegation_activity`.execute(db);
}
