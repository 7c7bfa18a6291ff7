import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { writeFichasFile } from './bulk-loads.samples';

/*
 * The embedded database runs no autovacuum (decision 181): a bulk load refreshes the planner's statistics of the
 * tables it makes grow, or the planner keeps the row counts of their small days for the rest of the load and after.
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

describe('a bulk load on the embedded database', () => {
  it('refreshes the statistics of the fichas and their relationships as it makes them grow', async (ctx) => {
    if (t.deps.database.kind !== 'pglite') return ctx.skip(); // PostgreSQL: autovacuum does it
    const file = path.join(dir, 'fichas.xlsx');
    // 450 persons: 630 spreadsheet rows with the legal persons' related persons, past the 500-row minimum
    const { rows } = await writeFichasFile(file, 450, 60_000_000);
    const started = new Date();
    const u = (await t.call({ as: 'admin', method: 'POST', url: '/api/carga-masiva/upload-url' })).json();
    const put = await t.call({
      as: 'admin',
      method: 'PUT',
      url: u.url,
      payload: fs.readFileSync(file),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/carga-masiva',
      payload: { customName: 'Estadísticas', loadType: 'fichas', urlFile: u.urlFile, country: 'CL' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.deps.queue.drain();
    const done = (await t.call({ as: 'admin', method: 'GET', url: `/api/carga-masiva/${res.json().id}` })).json();
    expect(done.bulkProcessedQuantity).toBe(rows);

    for (const table of ['fichas', 'ficha_relationships']) {
      const at = await analyzedAt(table);
      expect(at, `${table} analyzed during the load`).not.toBeNull();
      expect((at as Date).getTime()).toBeGreaterThanOrEqual(started.getTime() - 1000);
    }
    // the planner knows the fichas the load created, not the count it had before
    const fichas = Number(
      (await sql<{ n: number }>`select count(*)::int as n from fichas`.execute(t.deps.db)).rows[0]?.n,
    );
    expect(await plannedRows('fichas')).toBeGreaterThanOrEqual(fichas - 500);
  });
});
