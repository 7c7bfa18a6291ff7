import { type Kysely, sql } from 'kysely';

/**
 * Decision 192 (issue 24, open point 3): a change of the PEP register finds, in every company, the fichas whose
 * document key (the document without separators, upper case: the register's `dni_key`) is a changed person's. The
 * lookup (fichas.pep.repo.ts `fichasByDniKeysQuery`) had no index for that key and read every ficha of each company;
 * this index holds the same expression. The lookup runs once for every company as system work: under the application
 * role, the row-level security policy keeps a non-leakproof expression (regexp_replace, upper) out of an index
 * condition, so a per-company lookup could not use any such index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists fichas_dni_key_idx
    on fichas (upper(regexp_replace(dni, '[^0-9A-Za-z*]', '', 'g')))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists fichas_dni_key_idx`.execute(db);
}
