import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Four-eyes dismissal of list matches (issue 15): a proposal with a reason from the company's list plus free text,
 * approved or rejected by a second user; and the company's screening settings (critical lists, the reasons, whether
 * non-critical lists need the second step). An approved proposal writes the existing ficha_match_dismissals row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table match_dismissal_proposals (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      ficha_id uuid not null,
      list_id text not null,
      entity_id text not null,
      entry_hash text not null,
      matched_name text not null,
      reason_code text not null,
      reason_text text,
      status text not null default 'pending' check (status in ('pending','approved','rejected')),
      proposed_by uuid not null,
      proposed_at timestamptz not null default now(),
      decided_by uuid,
      decided_at timestamptz,
      decision_comment text
    );
    create index match_dismissal_proposals_ficha_idx on match_dismissal_proposals (company_id, ficha_id);
    create index match_dismissal_proposals_status_idx on match_dismissal_proposals (company_id, status, proposed_at);
    create unique index match_dismissal_proposals_pending_uq
      on match_dismissal_proposals (company_id, ficha_id, list_id, entity_id) where status = 'pending';
    create table screening_settings (
      company_id uuid primary key references companies(id),
      critical_lists jsonb not null default '[]'::jsonb,
      dismissal_reasons jsonb not null default '[]'::jsonb,
      four_eyes_non_critical boolean not null default true,
      updated_by uuid,
      updated_at timestamptz not null default now()
    );
    `,
  );
  for (const table of ['match_dismissal_proposals', 'screening_settings']) {
    await tenantPolicy(db, table);
    await sql.raw(`grant select, insert, update, delete on ${table} to ${APP_ROLE}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists match_dismissal_proposals').execute(db);
  await sql.raw('drop table if exists screening_settings').execute(db);
}
