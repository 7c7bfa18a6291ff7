import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * The PEP register administered and screened (issue 13, super administrator and watcher areas):
 * - people keep their documents (`files`) and the PEP status last recorded (`register_status`: direct, indirect,
 *   expired, deactivated), and every change of that status is a row of `people_status_changes` (the watcher's
 *   "new PEPs" and "status changed");
 * - an import of the Brazil PEP list CSV is a `people_imports` row with one `people_import_lines` row per line;
 * - the register is a screening list of its own, `pep-register` (kind pep), whose one active version holds the people
 *   who are PEP; the people module keeps it in step with the register;
 * - a monitoring run records its counts and duration, and who asked for a manual run; `platform_settings` holds the
 *   day of the monthly run;
 * - the watcher finds the fichas of a person across companies by document and by a screening hit on the register.
 * Platform tables (no company_id, no row-level security): the super administrator, the watcher and the jobs use them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table people add column files jsonb not null default '[]'::jsonb;
    alter table people add column register_status text not null default 'direct'
      check (register_status in ('direct','indirect','expired','deactivated'));
    update people set register_status = case
      when not is_active then 'deactivated'
      when pep_expiration is not null and pep_expiration < current_date then 'expired'
      when pep_level = 1 then 'direct' else 'indirect' end;
    create index people_register_expiry_idx on people (pep_expiration)
      where register_status in ('direct','indirect');
    create index people_files_idx on people using gin (files jsonb_path_ops);

    create table people_status_changes (
      id uuid primary key default gen_random_uuid(),
      person_id uuid not null references people(id),
      from_status text,
      to_status text not null,
      cause text not null,
      changed_by uuid,
      changed_at timestamptz not null default now()
    );
    create index people_status_changes_at_idx on people_status_changes (changed_at desc);
    create index people_status_changes_person_idx on people_status_changes (person_id, changed_at desc);
    insert into people_status_changes (person_id, from_status, to_status, cause, changed_by, changed_at)
      select id, null, register_status, 'created', created_by, created_at from people;

    create table people_imports (
      id uuid primary key default gen_random_uuid(),
      file_name text not null,
      file_key text not null,
      status text not null default 'queued' check (status in ('queued','running','done','failed')),
      lines integer not null default 0,
      created integer not null default 0,
      updated integer not null default 0,
      unchanged integer not null default 0,
      merged integer not null default 0,
      errors integer not null default 0,
      error text,
      created_by uuid,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index people_imports_created_idx on people_imports (created_at desc);
    create table people_import_lines (
      import_id uuid not null references people_imports(id) on delete cascade,
      line integer not null,
      status text not null,
      name text,
      dni text,
      person_id uuid,
      code text,
      params jsonb,
      primary key (import_id, line)
    );
    create index people_import_lines_status_idx on people_import_lines (import_id, status, line);

    insert into list_sources (id, name, kind, format) values ('pep-register', 'PEP register (RegCheck)', 'pep', 'manual')
      on conflict (id) do nothing;
    insert into list_versions (source_id, label, format, origin, status, imported_at, activated_at)
      select 'pep-register', 'RegCheck', 'manual', 'manual', 'active', now(), now()
      where not exists (select 1 from list_versions where source_id = 'pep-register' and status = 'active');

    alter table monitoring_runs add column requested_by uuid;
    alter table monitoring_runs add column fichas_screened integer;
    alter table monitoring_runs add column lists integer;
    alter table monitoring_runs add column new_matches integer;
    alter table monitoring_runs add column fichas_updated integer;
    alter table monitoring_runs add column notifications integer;
    alter table monitoring_runs add column duration_ms integer;
    create index monitoring_runs_started_idx on monitoring_runs (started_at desc);

    create table platform_settings (
      key text primary key,
      value jsonb not null,
      updated_by uuid,
      updated_at timestamptz not null default now()
    );

    create index fichas_dni_active_idx on fichas (dni) where status = 'active';
    create index fichas_register_hits_idx on fichas using gin ((listas->'lists') jsonb_path_ops)
      where listas_total > 0 and status = 'active';
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    drop index if exists fichas_register_hits_idx;
    drop index if exists fichas_dni_active_idx;
    drop table if exists platform_settings;
    drop index if exists monitoring_runs_started_idx;
    alter table monitoring_runs drop column if exists requested_by, drop column if exists fichas_screened,
      drop column if exists lists, drop column if exists new_matches, drop column if exists fichas_updated,
      drop column if exists notifications, drop column if exists duration_ms;
    delete from list_entities where version_id in (select id from list_versions where source_id = 'pep-register');
    delete from list_versions where source_id = 'pep-register';
    delete from list_sources where id = 'pep-register';
    drop table if exists people_import_lines;
    drop table if exists people_imports;
    drop table if exists people_status_changes;
    alter table people drop column if exists register_status, drop column if exists files;
    `,
  );
}
