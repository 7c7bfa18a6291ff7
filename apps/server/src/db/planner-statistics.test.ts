import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';
import { AnalyzeAsRowsGrow, analyzeTables, estimatedRows } from './planner-statistics';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await openDatabase({ pglite: new PGlite() });
});
afterAll(async () => {
  await h?.close();
});

describe('planner statistics on the embedded database (decision 181)', () => {
  it('PGlite has no autovacuum: a grown table keeps its old row estimate until analyzed', async () => {
    await sql`create table grown (id int primary key, company text not null)`.execute(h.db);
    await sql`insert into grown select g, 'c' from generate_series(1, 100) g`.execute(h.db);
    await analyzeTables(h.db, ['grown']);
    expect(await estimatedRows(h.db, 'grown')).toBe(100);
    await sql`insert into grown select g, 'c' from generate_series(101, 5000) g`.execute(h.db);
    // nothing refreshes it by itself (no autovacuum launcher in a single backend)
    expect(await estimatedRows(h.db, 'grown')).toBe(100);
    // the row count is refreshed whatever columns are named
    await analyzeTables(h.db, [{ table: 'grown', columns: ['company'] }]);
    expect(await estimatedRows(h.db, 'grown')).toBe(5000);
  });

  it('refuses anything but a table name', async () => {
    await expect(analyzeTables(h.db, ['grown; drop table grown'])).rejects.toThrow(/not a table or column name/);
    await expect(analyzeTables(h.db, [{ table: 'grown', columns: ['id) ; drop table grown; --'] }])).rejects.toThrow(
      /not a table or column name/,
    );
  });

  it('is due after 10% of the rows, at least 500, as autovacuum_analyze_scale_factor', () => {
    const big = new AnalyzeAsRowsGrow(50_000);
    expect(big.wrote(4_999)).toBe(false);
    expect(big.wrote(1)).toBe(true);
    big.analyzed(55_000);
    expect(big.wrote(5_000)).toBe(false);
    expect(big.wrote(500)).toBe(true);
    const empty = new AnalyzeAsRowsGrow(0);
    expect(empty.wrote(499)).toBe(false);
    expect(empty.wrote(1)).toBe(true);
  });
});
