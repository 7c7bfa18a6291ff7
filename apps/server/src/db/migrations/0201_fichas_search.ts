import { type Kysely, sql } from 'kysely';
import { execScript } from './sql-script';

/**
 * Fast ficha search (bench/fichas): words of the folded names as a tsvector with prefix queries ('gonz:*') on a GIN
 * index, and document prefixes on a pattern btree. The trigram index stays for `like` filters on search_name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table fichas add column search_tsv tsvector generated always as (to_tsvector('simple', search_name)) stored;
    create index fichas_search_tsv_idx on fichas using gin (search_tsv);
    create index fichas_company_dni_pattern_idx on fichas (company_id, dni text_pattern_ops);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists fichas_company_dni_pattern_idx').execute(db);
  await sql.raw('drop index if exists fichas_search_tsv_idx').execute(db);
  await sql.raw('alter table fichas drop column if exists search_tsv').execute(db);
}
