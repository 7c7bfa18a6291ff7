import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBulkLoad } from '../../../test/bulk-load-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { writeFichasFile } from './bulk-loads.samples';

/*
 * A bulk load refreshes the planner's statistics of the tables it makes grow, or the planner keeps the row counts of
 * their small days for the rest of the load and after: the embedded database runs no autovacuum (decision 181), and
 * PostgreSQL's comes too late, if it is on at all, for a load that makes the tables ten times larger in a minute
 * (decision 253).
 */
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bulk-stats-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const analyzedAt = async (table: string) =>
  (
    await sql<{ at: Date | null }>`select last_analyze as at from pg_stat_user_tables where relname = ${table}`.execute(
      t.deps.db,
    )
  ).rows[0]?.at ?? null;
const plannedRows = async (table: string) =>
  Number(
    (await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = ${table}`.execute(t.deps.db))
      .rows[0]?.n,
  );

describe('a bulk load', () => {
  it('refreshes the statistics of the fichas and their relationships as it makes them grow', async () => {
    const file = path.join(dir, 'fichas.xlsx');
    // 450 persons: 630 spreadsheet rows with the legal persons' related persons, past the 500-row minimum
    const { rows } = await writeFichasFile(file, 450, 60_000_000);
    const started = new Date();
    const res = await startBulkLoad(t, fs.readFileSync(file), {
      customName: 'Estadísticas',
      loadType: 'fichas',
      country: 'CL',
    });
    await t.deps.queue.drain();
    const done = (await t.get('admin', `/api/carga-masiva/${res.json().id}`)).json();
    expect(done.bulkProcessedQuantity).toBe(rows);

    for (const table of ['fichas', 'ficha_relationships']) {
      // PostgreSQL publishes an analyze's time to the other connections when the one that ran it flushes its
      // statistics, up to a few seconds later
      await expect
        .poll(async () => (await analyzedAt(table))?.getTime() ?? 0, {
          message: `${table} analyzed during the load`,
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(started.getTime() - 1000);
    }
    // every ficha the load made was screened against the lists, in every batch (a screening that fails stores
    // listas.error and the load goes on, so only this says it)
    const screened = await sql<{ n: number; failed: number }>`
      select count(*)::int as n, count(*) filter (where (listas->>'error')::boolean)::int as failed
      from fichas where created_at >= ${started}`.execute(t.deps.db);
    expect(screened.rows[0]?.n).toBe(done.created);
    expect(screened.rows[0]?.failed, 'fichas whose screening failed').toBe(0);
    // the planner knows the fichas the load created, not the count it had before
    const fichas = Number(
      (await sql<{ n: number }>`select count(*)::int as n from fichas`.execute(t.deps.db)).rows[0]?.n,
    );
    expect(await plannedRows('fichas')).toBeGreaterThanOrEqual(fichas - 500);
  });
});
