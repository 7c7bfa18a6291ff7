import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 22, "Close the doors": a form's link counts the wrong document numbers typed on it; the fifth locks it
 * (locked_at), and only a resend (a new link, starting at zero) opens the form again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table form_links add column failed_attempts integer not null default 0;
    alter table form_links add column locked_at timestamptz;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table form_links drop column if exists locked_at;
    alter table form_links drop column if exists failed_attempts;
    `,
  );
}
