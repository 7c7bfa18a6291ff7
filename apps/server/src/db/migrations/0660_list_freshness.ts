import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 27, point 1 (decision 165): lists tell their age.
 * - `list_sources.update_interval_hours`: how often the list is expected to be brought up to date (null: no
 *   expectation, a list kept by hand). A day for the sanctions lists (OFAC, UN, EU, UK, OpenSanctions), a month for
 *   Brazil's PEP file.
 * - `list_sources.last_success_at`: the last time the list was confirmed current: a fetch that found the same file,
 *   or the activation of a fetched, uploaded or edited version (a shipped snapshot counts from its own date).
 * - `list_versions.published_at`: the date of the list's content (a snapshot's date, a fetch's or an upload's day).
 * Every list with a published address is fetched daily by itself (it was off until turned on per list).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table list_sources add column update_interval_hours integer;
    alter table list_sources add column last_success_at timestamptz;
    alter table list_versions add column published_at timestamptz;
    update list_sources set update_interval_hours = 24
      where id in ('ofac', 'onu', 'eu-fsf', 'uk-ofsi', 'uk-sanctions', 'opensanctions');
    update list_sources set update_interval_hours = 744 where id = 'pep-br';
    update list_sources set fetch_enabled = true where source_url is not null;
    alter table list_sources alter column fetch_enabled set default true;
    update list_versions set published_at = to_timestamp(substring(label from '(\\d{4}-\\d{2}-\\d{2})'), 'YYYY-MM-DD')
      where origin = 'snapshot' and label ~ '\\d{4}-\\d{2}-\\d{2}';
    update list_versions set published_at = coalesce(activated_at, imported_at, created_at) where published_at is null;
    update list_sources s set last_success_at = v.published_at
      from list_versions v where v.source_id = s.id and v.status = 'active';
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table list_sources alter column fetch_enabled set default false;
    alter table list_versions drop column published_at;
    alter table list_sources drop column last_success_at;
    alter table list_sources drop column update_interval_hours;
    `,
  );
}
