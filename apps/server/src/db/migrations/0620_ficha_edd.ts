import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Issue 24, point 5: enhanced due diligence (decisions 141 to 143). One row per ficha that ever required it: whether
 * it requires it now and why (`reasons`, the PEP status, the related PEPs by name, the FATF countries and their
 * list), since when, the checklist (source of funds, source of wealth, the approval of a company administrator: who
 * and when) and its status. A ficha that stops requiring it keeps its row with `required = false`. The rows are
 * written by the rating (fichas.rating.service.ts) and by the routes of modules/ficha-edd; none is backfilled here:
 * the first rating or read of each ficha writes it (fichas.edd.ts `syncEdd`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table ficha_edd (
      company_id uuid not null references companies(id),
      ficha_id uuid not null,
      required boolean not null,
      reasons jsonb not null default '[]'::jsonb,
      required_since timestamptz,
      status text not null default 'open' check (status in ('open', 'completed')),
      source_of_funds text,
      source_of_wealth text,
      approved_by uuid,
      approved_at timestamptz,
      updated_by uuid,
      updated_at timestamptz not null default now(),
      primary key (company_id, ficha_id),
      foreign key (company_id, ficha_id) references fichas (company_id, id) on delete cascade
    );
    create index ficha_edd_open_idx on ficha_edd (company_id) where required and status = 'open';
    `,
  );
  await tenantPolicy(db, 'ficha_edd');
  await sql.raw(`grant select, insert, update, delete on ficha_edd to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, 'drop table if exists ficha_edd;');
}
