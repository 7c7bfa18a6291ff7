import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * The whistleblowing channel (spec 001 §3 Whistleblowing, issue 10): reports, the messages the reporter reads,
 * internal notes kept in their own table (they can never reach the reporter's queries), attachments, the status
 * history with its reasons, per-company settings (categories and deadlines) and the deadline notices already sent.
 * No column holds the reporter's address or user agent; the pin is an argon2id hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table allegations (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      code text not null unique,
      pin_hash text not null,
      category text not null,
      description text not null,
      occurred_when text,
      occurred_where text,
      involved text,
      anonymous boolean not null default true,
      reporter_name text,
      reporter_email text,
      reporter_phone text,
      relationship text not null check (relationship in ('employee','supplier','customer','other')),
      status text not null default 'received'
        check (status in ('received','acknowledged','investigating','resolved','dismissed')),
      ley_karin boolean not null default false,
      assigned_to uuid references users(id),
      acknowledge_due text not null,
      feedback_due text not null,
      investigation_due text,
      acknowledged_at timestamptz,
      closed_at timestamptz,
      failed_pin_attempts integer not null default 0,
      locked_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index allegations_company_idx on allegations (company_id, created_at desc);
    create index allegations_status_idx on allegations (company_id, status);

    create table allegation_messages (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      allegation_id uuid not null references allegations(id) on delete cascade,
      author text not null check (author in ('reporter','staff')),
      user_id uuid references users(id),
      body text not null,
      created_at timestamptz not null default now()
    );
    create index allegation_messages_idx on allegation_messages (company_id, allegation_id, created_at);

    create table allegation_notes (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      allegation_id uuid not null references allegations(id) on delete cascade,
      user_id uuid not null references users(id),
      body text not null,
      created_at timestamptz not null default now()
    );
    create index allegation_notes_idx on allegation_notes (company_id, allegation_id, created_at);

    create table allegation_files (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      allegation_id uuid not null references allegations(id) on delete cascade,
      message_id uuid references allegation_messages(id) on delete set null,
      stored_name text not null,
      name text not null,
      mime text not null,
      size integer not null,
      uploaded_by text not null check (uploaded_by in ('reporter','staff')),
      created_at timestamptz not null default now()
    );
    create index allegation_files_idx on allegation_files (company_id, allegation_id);

    create table allegation_status_changes (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      allegation_id uuid not null references allegations(id) on delete cascade,
      from_status text,
      to_status text not null,
      reason text not null,
      user_id uuid references users(id),
      created_at timestamptz not null default now()
    );
    create index allegation_status_changes_idx on allegation_status_changes (company_id, allegation_id, created_at);

    create table allegation_settings (
      company_id uuid primary key references companies(id),
      categories jsonb not null,
      acknowledge_days integer not null default 7,
      feedback_months integer not null default 3,
      karin_business_days integer not null default 30,
      remind_days_before integer not null default 2,
      updated_at timestamptz not null default now()
    );

    create table allegation_notices (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      allegation_id uuid not null references allegations(id) on delete cascade,
      deadline text not null,
      stage text not null check (stage in ('soon','passed')),
      created_at timestamptz not null default now()
    );
    create unique index allegation_notices_key on allegation_notices (allegation_id, deadline, stage);
    `,
  );
  for (const table of [
    'allegations',
    'allegation_messages',
    'allegation_notes',
    'allegation_files',
    'allegation_status_changes',
    'allegation_settings',
    'allegation_notices',
  ]) {
    await tenantPolicy(db, table);
    await sql.raw(`grant select, insert, update, delete on ${table} to ${APP_ROLE}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    drop table if exists allegation_notices;
    drop table if exists allegation_settings;
    drop table if exists allegation_status_changes;
    drop table if exists allegation_files;
    drop table if exists allegation_notes;
    drop table if exists allegation_messages;
    drop table if exists allegations;
    `,
  );
}
