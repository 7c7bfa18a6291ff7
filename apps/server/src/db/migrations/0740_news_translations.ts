import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 27, point 4 (decision 190): a news item is read in the reader's language. The item keeps its title and body
 * as written (the text of any language it has no translation for) and gains its translations by language
 * (`{"br": {"title": ..., "body": ...}, "en": ...}`). Items written before read as they were written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table news add column translations jsonb not null default '{}'::jsonb;`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table news drop column if exists translations;`);
}
