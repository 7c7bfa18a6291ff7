import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 23, "Records that cannot be bent": a Bacen record's lateness is decided by its first registration. The
 * identification time the record was registered with (first_identified_at) and whether it was registered more than
 * 24 hours after it (late) are stored; existing rows are backfilled from their current values. A later change of
 * identified_at never clears `late` (decision 116).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table bacen_reports add column first_identified_at timestamptz;
    alter table bacen_reports add column late boolean;
    update bacen_reports
       set first_identified_at = identified_at,
           late = registered_at - identified_at > interval '24 hours';
    alter table bacen_reports alter column first_identified_at set not null;
    alter table bacen_reports alter column late set not null;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table bacen_reports drop column if exists late;
    alter table bacen_reports drop column if exists first_identified_at;
    `,
  );
}
