import { type Kysely, sql } from 'kysely';
import type { Database } from './tables';

/**
 * The embedded database runs PostgreSQL as a single backend (PGlite): no autovacuum process, so nothing refreshes
 * the planner's statistics as tables grow (decision 181). A table that grew from a few hundred rows to tens of
 * thousands keeps the statistics of its small days (measured over a 20,000-row bulk load: the lookups of fichas by id
 * and by document 4-7 times dearer in its last fifth than in its first; with the statistics refreshed, no dearer).
 * What writes many rows refreshes them as autovacuum's analyze would: `AnalyzeAsRowsGrow` says when (10% of the
 * table's rows written since the last refresh, as PostgreSQL's autovacuum_analyze_scale_factor), `analyzeTables`
 * does it. A bulk load does it on PostgreSQL too (decision 253): autovacuum may be off, and when on it looks once a
 * minute, while a load makes a company's fichas ten times as many in that time.
 */
export async function analyzeTables(db: Kysely<Database>, tables: readonly AnalyzedTable[]) {
  for (const t of tables) {
    const [name, columns] = [tableOf(t), typeof t === 'string' ? [] : t.columns];
    for (const n of [name, ...columns]) if (!/^[a-z_]+$/.test(n)) throw new Error(`not a table or column name: ${n}`);
    await sql`analyze ${sql.raw(name)}${sql.raw(columns.length ? ` (${columns.join(', ')})` : '')}`.execute(db);
  }
}

/**
 * A table, or a table with the columns whose statistics are refreshed (the row count always is): the columns the
 * lookups filter and join on. A whole-table analyze of 20,000 fichas read their wide JSON columns too and held the
 * embedded database 0.9 s, which is what a request waiting behind it would see.
 */
export type AnalyzedTable = string | { table: string; columns: readonly string[] };

export const tableOf = (t: AnalyzedTable) => (typeof t === 'string' ? t : t.table);

/** The rows the planner believes `table` holds (pg_class.reltuples; -1 before the first analyze counts as 0). */
export async function estimatedRows(db: Kysely<Database>, table: string) {
  const r = await sql<{
    n: number;
  }>`select greatest(reltuples, 0)::float8 as n from pg_class where relname = ${table}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Counts the rows a long write adds and says when the statistics are due again (10% growth, at least 500 rows). */
export class AnalyzeAsRowsGrow {
  private since = 0;
  constructor(private baseline: number) {}
  /** Adds `rows` written; true when a refresh is due (the caller then calls `analyzed`). */
  wrote(rows: number) {
    this.since += rows;
    return this.since >= Math.max(500, this.baseline * 0.1);
  }
  analyzed(rowsNow: number) {
    this.baseline = rowsNow;
    this.since = 0;
  }
}
