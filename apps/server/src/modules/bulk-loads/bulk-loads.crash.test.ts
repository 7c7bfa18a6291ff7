import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, type Child, login, startChild, until } from '../../../test/child-server';
import { DEMO_PASSWORD } from '../../../test/test-env';
import { writeFichasFile } from './bulk-loads.samples';

/*
 * Crash safety of a bulk load: a real server process on one data folder (the embedded database) is killed with
 * kill -9 in the middle of a load, started again on the same folder, and the load goes on from its last committed
 * batch: every row is accounted for once and no ficha exists twice. BULK_CRASH_ROWS main rows (default 700,
 * which with the related persons makes about 980 spreadsheet rows).
 */
const MAIN_ROWS = Number(process.env.BULK_CRASH_ROWS ?? 700);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bulk-crash-'));
const env = { DATA_DIR: dataDir, JOB_HEARTBEAT_SECONDS: '2', JOB_STALE_SECONDS: '6', RATE_LIMIT_MAX: '100000' };
let server: Child | undefined;

afterAll(async () => {
  await server?.kill9();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Load {
  id: string;
  bulkStatus: string;
  total: number | null;
  bulkProcessedQuantity: number;
  created: number;
  updated: number;
  failed: number;
}

const fichasCount = async (s: Child, token: string) =>
  (await api<{ count: number }>(s.url, token, 'GET', '/api/fichas-clientes/count?where=%7B%7D&exact=true')).body.count;

describe('bulk load: kill -9 and restart on the same data folder', () => {
  it(`a load of ${MAIN_ROWS} main rows resumes from its last committed batch: no row lost, none doubled`, {
    timeout: 1_500_000,
  }, async () => {
    const file = path.join(dataDir, 'load.xlsx');
    const { rows } = await writeFichasFile(file, MAIN_ROWS, 40_000_000);
    server = await startChild(env, { timeoutMs: 600_000 });
    const admin = 'admin.cl@demo.regcheck.app';
    let token = await login(server.url, admin, DEMO_PASSWORD);
    const before = await fichasCount(server, token);
    const signed = await api<{ url: string; urlFile: string }>(
      server.url,
      token,
      'POST',
      '/api/carga-masiva/upload-url',
    );
    const put = await fetch(`${server.url}${signed.body.url}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: fs.readFileSync(file),
    });
    expect(put.status).toBe(200);
    const started = await api<Load>(server.url, token, 'POST', '/api/carga-masiva', {
      customName: 'crash',
      loadType: 'fichas',
      urlFile: signed.body.urlFile,
    });
    expect(started.status).toBe(200);
    const id = started.body.id;
    const s0 = server;
    // kill once a few batches have committed, well before the end
    const mid = await until('the load to be under way', 400_000, async () => {
      const l = (await api<Load>(s0.url, token, 'GET', `/api/carga-masiva/${id}`)).body;
      return l.bulkProcessedQuantity >= 200 && l;
    });
    await server.kill9();
    expect(mid.bulkProcessedQuantity, 'the kill came after the load had ended: raise BULK_CRASH_ROWS').toBeLessThan(
      rows,
    );
    const killedAt = Date.now();

    server = await startChild(env, { timeoutMs: 600_000 });
    const s1 = server;
    token = await login(s1.url, admin, DEMO_PASSWORD);
    const at = (await api<Load>(s1.url, token, 'GET', `/api/carga-masiva/${id}`)).body;
    // (the resumed job may already have finished by this first look on a fast machine: only nothing may be lost)
    expect(at.bulkProcessedQuantity).toBeGreaterThanOrEqual(mid.bulkProcessedQuantity);
    const done = await until('the load to end', 700_000, async () => {
      const l = (await api<Load>(s1.url, token, 'GET', `/api/carga-masiva/${id}`)).body;
      return ['done', 'error'].includes(l.bulkStatus) && l;
    });
    console.log(
      `bulk crash: killed at ${mid.bulkProcessedQuantity} of ${rows} rows, finished ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`,
    );
    expect(done.total).toBe(rows);
    expect(done.bulkProcessedQuantity).toBe(rows);
    expect(done.created + done.updated + done.failed).toBe(rows);
    expect(done.updated).toBe(0);
    expect(done.failed).toBeGreaterThan(0);
    // every created row is one ficha: none lost, none doubled
    expect((await fichasCount(s1, token)) - before).toBe(done.created);
    const errors = await api<{ errors: { row: number }[] }>(s1.url, token, 'GET', `/api/carga-masiva/errors/${id}`);
    const failedRows = new Set(errors.body.errors.filter((e) => !(e as { loaded?: boolean }).loaded).map((e) => e.row));
    expect(failedRows.size).toBe(done.failed);
  });
});
