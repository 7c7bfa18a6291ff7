// The `postgres-rolling` scenario of `npm run bench:load` (issue 29, points 4 and 6): two API nodes and a worker on a
// PostgreSQL database of their own and an S3-compatible bucket (s3rver on this machine), behind a round-robin balancer
// that routes on GET /api/ready (bench/support/balancer.ts, what deploy/Caddyfile does). autocannon reads through the
// balancer for LOAD_SECONDS: the fichas list, an operation's detail, the individual search and a ficha's PDF
// downloaded from the bucket. A first run measures the two nodes as they are; in a second one, each node in turn
// gets SIGTERM, is waited for, started again and waited for until ready (a rolling restart), while the reads go on.
// Prints req/s, p50, p99 and errors of each run; the target is 0 errors during the restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PDFDocument } from 'pdf-lib';
import { api, type Child, login, rut, startChild } from '../../apps/server/test/child-server';
import { startS3 } from '../../apps/server/test/s3-server';
import { DEMO_PASSWORD } from '../../apps/server/test/test-env';
import { startBalancer } from '../support/balancer';
import { databaseUrl, dropDatabase, runSql } from '../support/database';
import { readsOf } from './reads';

const ADMIN_CL = 'admin.cl@demo.regcheck.app';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A ficha with a PDF, made through `url`; answers the reads autocannon sends. */
async function reads(url: string, token: string): Promise<autocannon.Request[]> {
  const ficha = await api<{ id: string }>(url, token, 'POST', '/api/fichas-clientes', {
    personType: 'natural',
    dni: rut(24_000_000 + Math.floor(Math.random() * 900_000)),
    name: 'Carga',
    fatherName: 'Rodante',
  });
  if (ficha.status !== 200) throw new Error(`ficha: ${ficha.status} ${JSON.stringify(ficha.body)}`);
  const doc = await PDFDocument.create();
  for (let i = 0; i < 4; i++) doc.addPage([595, 842]).drawText(`page ${i + 1}`, { x: 50, y: 800, size: 12 });
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(await doc.save())], { type: 'application/pdf' }), 'contrato.pdf');
  const up = await fetch(`${url}/api/files/ficha/fichas-clientes/${ficha.body.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${await up.text()}`);
  const file = ((await up.json()) as { url: string }).url;
  return [...(await readsOf(url, token)), { method: 'GET', path: file.startsWith('/api') ? file : `/api${file}` }];
}

function line(name: string, r: autocannon.Result, extra = '') {
  const errors = r.errors + r.timeouts + r.non2xx;
  console.log(
    `${name.padEnd(16)} ${String(Math.round(r.requests.average)).padStart(5)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
      `errors ${errors} of ${r.requests.total} (${r.errors - r.timeouts} failed, ${r.timeouts} timed out, ${r.non2xx} not 2xx)${extra}`,
  );
  return errors;
}

export async function postgresRolling(seconds: number, connections: number, baseEnv: Record<string, string>) {
  const dbName = `rc_bench_rolling_${process.pid}`;
  await runSql(`drop database if exists ${dbName} with (force)`);
  await runSql(`create database ${dbName}`);
  const s3 = await startS3();
  const dirs: string[] = [];
  const env = (): Record<string, string> => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-rolling-'));
    dirs.push(d);
    return {
      ...baseEnv,
      ...s3.env('rolling/'),
      DATA_DIR: d,
      DATABASE_URL: databaseUrl(dbName),
      JWT_SECRET: 'the-secret-both-nodes-of-the-benchmark-share-0123456789',
      JOBS_IN_PROCESS: 'false',
      // longer than the balancer's probe interval: it stops routing to a node before the node stops listening
      DRAIN_DELAY_MS: '1500',
    };
  };
  const nodes: Child[] = [];
  let worker: Child | undefined;
  try {
    nodes.push(await startChild(env()));
    nodes.push(await startChild(env()));
    worker = await startChild(env(), { script: 'worker' });
    const balancer = await startBalancer(nodes.map((n) => n.url));
    try {
      const token = await login(balancer.url, ADMIN_CL, DEMO_PASSWORD);
      const requests = await reads(balancer.url, token);
      const run = (duration: number) =>
        autocannon({
          url: balancer.url,
          connections,
          duration,
          timeout: 10,
          headers: { authorization: `Bearer ${token}` },
          requests,
        });
      line('postgres-2-nodes', await run(seconds), '  (through the balancer, with a PDF from the bucket)');

      // the rolling restart: long enough for both nodes to stop and start again under the reads
      const restarts: string[] = [];
      const rolling = (async () => {
        await sleep(3_000);
        for (let i = 0; i < nodes.length; i++) {
          const old = nodes[i] as Child;
          const t0 = Date.now();
          const code = await old.stop();
          const fresh = await startChild(env());
          nodes[i] = fresh;
          balancer.replace(old.url, fresh.url);
          // ready again, as the balancer sees it
          for (let k = 0; k < 600; k++) {
            const r = await fetch(`${fresh.url}/api/ready`).catch(() => undefined);
            if (r?.status === 200) break;
            await sleep(100);
          }
          restarts.push(`node ${i + 1}: exit ${code}, back in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
          await sleep(2_000);
        }
      })();
      const during = run(Math.max(seconds, 120));
      await rolling;
      const r = await during;
      const st = balancer.stats();
      const errors = line(
        'rolling-restart',
        r,
        `\n${' '.repeat(17)}${restarts.join('; ')}; balancer: ${st.proxied} proxied, ${st.retried} retried on a refused connection, ${st.failed} failed` +
          `  [0 errors: ${r.errors + r.timeouts + r.non2xx === 0 ? 'met' : 'MISSED'}]`,
      );
      return errors;
    } finally {
      await balancer.close();
    }
  } finally {
    for (const n of nodes) await n.stop();
    await worker?.stop();
    await s3.close();
    await dropDatabase(dbName);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}
