import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { solveChallenge } from '../src/modules/auth/captcha.service';
import { writeFichasFile } from '../src/modules/bulk-loads/bulk-loads.samples';
import { api, type Child, login, rut, startChild, until } from './child-server';
import { startS3 } from './s3-server';
import { DEMO_PASSWORD } from './test-env';

/*
 * Several nodes (issue 29, point 3; decisions 195, 205, 207): two API processes, each with its own DATA_DIR, and a
 * job worker, on one PostgreSQL database and one S3-compatible bucket, as docs/operating.md deploys them. A file
 * uploaded through one node downloads through the other; a session opened on one is valid on the other; a bulk load
 * started on one is processed by the worker, which is killed with kill -9 in the middle, and a second worker finishes
 * it with every row accounted for once; a request limit, a spent proof-of-work challenge and a wrong-pin count hold
 * across the nodes. It needs a PostgreSQL server (TEST_DATABASE_URL: the PostgreSQL phase of .ci/run); without one
 * it is skipped, since the embedded database is one process by design.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;
const MAIN_ROWS = Number(process.env.NODES_BULK_ROWS ?? 600);
const RATE_LIMIT = 25;
const ADMIN = 'admin.cl@demo.regcheck.app';

async function onServer(query: string) {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

interface Load {
  id: string;
  bulkStatus: string;
  total: number | null;
  bulkProcessedQuantity: number;
  created: number;
  updated: number;
  failed: number;
}

const children: Child[] = [];
const dirs: string[] = [];
let dbName = '';
let s3: Awaited<ReturnType<typeof startS3>> | undefined;

afterAll(async () => {
  for (const c of children) await c.kill9();
  await s3?.close();
  if (dbName) await onServer(`drop database if exists ${dbName} with (force)`);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!SERVER_URL)('two API nodes and a worker on one PostgreSQL and one bucket', () => {
  it('share files, sessions, jobs, request limits, spent challenges and wrong pins; a killed worker is replaced', {
    timeout: 1_800_000,
  }, async () => {
    dbName = `rc_nodes_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await onServer(`create database ${dbName}`);
    const u = new URL(SERVER_URL ?? '');
    u.pathname = `/${dbName}`;
    s3 = await startS3();
    const shared = {
      ...s3.env('nodes/'),
      DATABASE_URL: u.toString(),
      REGCHECK_DEMO: '1',
      JWT_SECRET: 'a-secret-every-node-of-this-installation-shares-0123456789',
      JOBS_IN_PROCESS: 'false',
      RATE_LIMIT_MAX: String(RATE_LIMIT),
      JOB_HEARTBEAT_SECONDS: '2',
      JOB_STALE_SECONDS: '6',
    };
    const node = async (script: 'server' | 'worker') => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rc-node-${script}-`));
      dirs.push(dir);
      const c = await startChild({ ...shared, DATA_DIR: dir }, { script, timeoutMs: 900_000 });
      children.push(c);
      return c;
    };
    // the first node migrates the new database and seeds the demo; the others start on it
    const a = await node('server');
    const [b, worker1] = [await node('server'), await node('worker')];
    // the worker built the screening index and saved its snapshot to the bucket (decision 245; API nodes only load)
    await until('the worker to save the index snapshot', 900_000, async () =>
      worker1.output().includes('screening: index snapshot saved'),
    );

    // a session opened on A is valid on B
    const token = await login(a.url, ADMIN, DEMO_PASSWORD);
    const me = await api<{ user: { email: string; company: { id: string } } }>(b.url, token, 'GET', '/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(ADMIN);
    const companyId = me.body.user.company.id;

    // a file uploaded through A downloads through B, byte for byte
    const ficha = await api<{ id: string }>(a.url, token, 'POST', '/api/fichas-clientes', {
      personType: 'natural',
      dni: rut(23_456_789),
      name: 'Nodos',
      fatherName: 'Compartidos',
    });
    expect(ficha.status).toBe(200);
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]).drawText('two nodes, one bucket', { x: 10, y: 100, size: 10 });
    const pdf = Buffer.from(await doc.save());
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'contrato.pdf');
    const up = await fetch(`${a.url}/api/files/ficha/fichas-clientes/${ficha.body.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const { url } = (await up.json()) as { url: string };
    const down = await fetch(`${b.url}${url.startsWith('/api') ? url : `/api${url}`}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(pdf)).toBe(true);

    // a bulk load uploaded through A and started on B is processed by the worker; the worker is killed mid-load
    const count = async () =>
      (await api<{ count: number }>(b.url, token, 'GET', '/api/fichas-clientes/count?where=%7B%7D&exact=true')).body
        .count;
    const before = await count();
    const file = path.join(dirs[0] ?? os.tmpdir(), 'load.xlsx');
    const { rows } = await writeFichasFile(file, MAIN_ROWS, 41_000_000);
    const signed = await api<{ url: string; urlFile: string }>(a.url, token, 'POST', '/api/carga-masiva/upload-url');
    const put = await fetch(`${a.url}${signed.body.url}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: fs.readFileSync(file),
    });
    expect(put.status).toBe(200);
    const started = await api<Load>(b.url, token, 'POST', '/api/carga-masiva', {
      customName: 'nodes',
      loadType: 'fichas',
      urlFile: signed.body.urlFile,
    });
    expect(started.status).toBe(200);
    const id = started.body.id;
    const mid = await until('the worker to be under way', 900_000, async () => {
      const l = (await api<Load>(a.url, token, 'GET', `/api/carga-masiva/${id}`)).body;
      return l.bulkProcessedQuantity >= 150 && l;
    });
    await worker1.kill9();
    expect(mid.bulkProcessedQuantity, 'the kill came after the load had ended: raise NODES_BULK_ROWS').toBeLessThan(
      rows,
    );
    const worker2 = await node('worker');
    // a new process on the same database and bucket loads the index from that snapshot instead of building it
    expect(worker2.output()).toContain('screening: index loaded from its snapshot');
    expect(worker2.output()).not.toContain('screening: index built from the database');
    const done = await until('the second worker to finish the load', 900_000, async () => {
      const l = (await api<Load>(b.url, token, 'GET', `/api/carga-masiva/${id}`)).body;
      return ['done', 'error'].includes(l.bulkStatus) && l;
    });
    // the sample file holds invalid rows on purpose: the load ends 'error' (finished, some rows refused)
    expect(done.bulkStatus).toBe('error');
    expect(done.failed).toBeGreaterThan(0);
    expect(done.bulkProcessedQuantity).toBe(rows);
    expect(done.created + done.updated + done.failed).toBe(rows);
    expect(done.updated).toBe(0);
    expect((await count()) - before).toBe(done.created);

    // a proof-of-work challenge spent on A is spent on B too
    const ch = (await (await fetch(`${a.url}/api/captcha/challenge`)).json()) as {
      challenge: string;
      difficulty: number;
    };
    const pow = solveChallenge(ch.challenge, ch.difficulty);
    const check = async (n: Child) =>
      ((await (await fetch(`${n.url}/api/captcha/${encodeURIComponent(pow)}`)).json()) as { success: boolean }).success;
    expect(await check(b)).toBe(true);
    const recover = await fetch(`${a.url}/api/users/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', captcha: pow }),
    });
    expect(recover.status).toBe(200);
    expect(await check(b)).toBe(false);
    const again = await fetch(`${b.url}/api/users/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', captcha: pow }),
    });
    expect(again.status).toBe(400);

    // wrong pins typed on A and on B count together: the fifth, on B, locks this address out of the id
    const pinTry = async (n: Child) => {
      const q = `?companyId=${companyId}&id_denuncia=ABCDEFGHJK`;
      const c = (await (await fetch(`${n.url}/api/denuncia-public/challenge${q}`)).json()) as {
        challenge: string;
        difficulty: number;
      };
      const res = await fetch(`${n.url}/api/denuncia-public/detail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          companyId: companyId,
          id_denuncia: 'ABCDEFGHJK',
          pin: '20000000',
          captcha: solveChallenge(c.challenge, c.difficulty),
        }),
      });
      return res.status;
    };
    const statuses = [await pinTry(a), await pinTry(b), await pinTry(a), await pinTry(b), await pinTry(a)];
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    expect(await pinTry(b)).toBe(429);

    // the per-address limit of a public route is counted once across the nodes, not once per node
    const channel = (n: Child) => fetch(`${n.url}/api/denuncia-public/channel/${companyId}`);
    const answered: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 4; i++) answered.push((await channel(i % 2 ? b : a)).status);
    // the pin calls above counted on the same routes' limits only where they share the route: this one is its own
    expect(answered.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
    expect(answered.slice(RATE_LIMIT)).toEqual([429, 429, 429, 429]);
  });
});
