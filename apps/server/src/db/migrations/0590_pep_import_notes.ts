import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 24, point 2 (the Brazil PEP file as published): a line of an import's report may carry remarks besides its
 * outcome, each a code and its values, translated when read (the person stays PEP with no end in the file, was
 * imported as a former PEP, matched one customer file or several by the masked CPF). Lines written before hold none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table people_import_lines add column notes jsonb not null default '[]'::jsonb;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, 'alter table people_import_lines drop column notes;');
}
