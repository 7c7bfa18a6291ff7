import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Attachments of internal notes (issue 10): a file belongs to a message (the reporter reads it) or to a note (handlers
 * only), never both. The reporter's queries only read files without a note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table allegation_files add column note_id uuid references allegation_notes(id) on delete cascade;
    alter table allegation_files add constraint allegation_files_one_owner
      check (message_id is null or note_id is null);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table allegation_files drop constraint if exists allegation_files_one_owner;
    alter table allegation_files drop column if exists note_id;
    `,
  );
}
