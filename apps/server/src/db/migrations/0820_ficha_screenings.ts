import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Issue 28 (decision 240): every recorded screening of a ficha keeps its hits as they were then (list, entry, name
 * matched, score, the engine's explanation, whether dismissed), so that the customer's file shows the hits of each
 * past screening, not only of the current result. Written in the transaction that audits the screening
 * (ficha.screened, whose row names it by screeningId). At most 50 hits per screening; hits_omitted counts the rest.
 * Screenings recorded before this table have no row: the file says their hits were not recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table ficha_screenings (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      ficha_id uuid not null,
      screened_at timestamptz not null default now(),
      screened_by uuid,
      cause text not null check (cause in ('manual', 'created', 'updated', 'job')),
      total integer not null,
      error boolean not null,
      hits jsonb not null,
      hits_omitted integer not null default 0,
      foreign key (company_id, ficha_id) references fichas (company_id, id) on delete cascade
    );
    create index ficha_screenings_ficha_idx on ficha_screenings (company_id, ficha_id, screened_at);
    `,
  );
  await tenantPolicy(db, 'ficha_screenings');
  await sql.raw(`grant select, insert, update, delete on ficha_screenings to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ficha_screenings`.execute(db);
}
