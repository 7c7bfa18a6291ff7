import { type Kysely, sql } from 'kysely';

/** The obliged subject's logo (a key in the file store), set by the super administrator. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table companies add column logo_key text').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table companies drop column if exists logo_key').execute(db);
}
