// Bulk-load benchmark: npm run bench:bulk (issue 31 point 1): what a user waits for when they load a fichas file.
//
// A fichas 3.0 file of ROWS spreadsheet rows (default 100,000: each group of five persons is four natural ones and a
// legal one followed by two related persons; one main row in a hundred invalid) is generated once. Then, for each
// database of BULK_DBS (default `postgres,embedded`), RegCheck is started as its own processes, as an operator runs
// them (bench/support/stack.ts; NODE_ENV=production, the shipped OFAC and UN snapshots imported into the screening
// index as in a default installation, demo companies):
//   postgres  one API process (JOBS_IN_PROCESS=false) and one worker (npm run worker) on a PostgreSQL database of its
//             own on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end
//   embedded  one server process on the embedded database, which runs the jobs itself
// and the Chilean demo administrator loads the file through the routes: POST /api/carga-masiva/upload-url, PUT of the
// file to the signed URL, POST /api/carga-masiva; the job queue's worker loads it; GET /api/carga-masiva/{id} is read
// every 500 ms until the load is over.
//
// Inside the timer: from the upload-url request until the read that sees the load done: the upload over HTTP on
// loopback with its content check, the file stored, the load's row and its job, the queue's pick-up, the parse in
// the parser's worker thread, every row's validation, screening against the index (shipped lists), the fichas, the
// relations and the screening rows written in committed batches, the progress updates, and up to 500 ms of polling.
// Outside: generating the file, starting the processes (migrations, demo data, the lists' import, the index),
// signing in. Every row must be accounted for (done, total and processed equal to the file's rows, created + updated
// + failed equal to them too). Memory: each process's peak resident set over its whole life as the operating system
// counts it (VmHWM of /proc/<pid>/status), read when the load is done. Targets on PostgreSQL: under 120 s and under
// 1 GB per process (decision 250; the API's and the worker's peaks added up are printed too); the embedded figures
// are printed beside them.
//
// BULK_MODE=in-process: the old benchmark instead (bench/bulk/in-process.ts: runLoad called in this process, DB and
// LISTS and PROFILE settings), for profiling the load's statements; not what a user waits for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rutOf } from '../../apps/server/src/modules/bulk-loads/bulk-loads.samples';
import { api, type Child, login } from '../../apps/server/test/child-server';
import { DEMO_PASSWORD } from '../../apps/server/test/test-env';
import { accountedFor, type LoadView, startBulkLoad, waitForBulkLoad, writeBulkFile } from '../support/bulk-upload';
import { machineLoad, processMemory } from '../support/machine';
import { cleanUpOnInterrupt, startStack } from '../support/stack';
import { inProcess } from './in-process';

const ROWS = Number(process.env.ROWS ?? 100_000);
const DBS = (process.env.BULK_DBS ?? 'postgres,embedded').split(',') as ('postgres' | 'embedded')[];
const ADMIN_CL = 'admin.cl@demo.regcheck.app';
const FIRST_RUT = 50_000_000;
const TARGET_SECONDS = 120;
const TARGET_MB = 1024;
// BULK_NODE_ARGS: node flags for RegCheck's processes, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the worker
const NODE_ARGS = process.env.BULK_NODE_ARGS?.split(' ').filter(Boolean);

interface Figures {
  db: 'postgres' | 'embedded';
  seconds: number;
  uploadMs: number;
  jobSeconds: number | null;
  view: LoadView;
  accounted: { ok: boolean; line: string };
  memory: { name: string; peakMb: number; rssMb: number }[];
  lists: string;
  screened: string;
  screenedOk: boolean;
  stored: string;
  loadAverage: string;
}

const env = {
  NODE_ENV: 'production',
  // a default installation: the shipped OFAC and UN snapshots imported and in the screening index
  REGCHECK_SHIP_LISTS: '1',
  RATE_LIMIT_MAX: '1000000',
};

async function run(db: 'postgres' | 'embedded', file: { content: Buffer; rows: number }): Promise<Figures> {
  const t0 = Date.now();
  const stack = await startStack({ db, dbName: `rc_bench_bulk_${process.pid}_${db}`, env, nodeArgs: NODE_ARGS });
  try {
    const server = stack.apis[0] as Child;
    const processes = [
      { name: db === 'postgres' ? 'API' : 'server', child: server },
      ...(stack.worker ? [{ name: 'worker', child: stack.worker }] : []),
    ];
    console.log(
      `${db}: ${processes.map((p) => `${p.name} pid ${p.child.child.pid}`).join(', ')} started in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const signIn = () => login(server.url, ADMIN_CL, DEMO_PASSWORD);
    let token = await signIn();
    const sources = await api<{ id: string; entityCount: number }[]>(server.url, token, 'GET', '/api/lists');
    const lists = sources.body
      .filter((s) => s.entityCount > 0)
      .map((s) => `${s.id} ${s.entityCount}`)
      .join(', ');

    const fichas = async () =>
      (await api<{ count: number }>(server.url, token, 'GET', '/api/fichas-clientes/count?where=%7B%7D&exact=true'))
        .body.count;
    const before = await fichas();

    const started = performance.now();
    const id = await startBulkLoad(server.url, token, file.content, `bench:bulk ${db}`);
    const uploadMs = performance.now() - started;
    const view = await waitForBulkLoad(server.url, token, id, 500, signIn);
    // the checks after the timer with a fresh token (a long load outlives the first)
    token = await signIn();
    const seconds = (performance.now() - started) / 1000;
    const memory = processes.map((p) => ({ name: p.name, ...processMemory(p.child.child.pid as number) }));

    // the job's own span as the load's row records it (created when the load was started, finished by the job)
    const jobSeconds = view.finishedAt ? (Date.parse(view.finishedAt) - Date.parse(view.bulkDate)) / 1000 : null;
    // the rows were screened against the index: the first ficha's stored screening, the list matches notified
    const filter = encodeURIComponent(JSON.stringify({ where: { dni: rutOf(FIRST_RUT) }, limit: 1 }));
    const first = await api<{ listas?: { error: boolean; lists: unknown[] } | null }[]>(
      server.url,
      token,
      'GET',
      `/api/fichas-clientes?filter=${filter}`,
    );
    const matches = await api<{ count: number }>(
      server.url,
      token,
      'GET',
      `/api/notifications/count?where=${encodeURIComponent('{"kind":"monitoring.match"}')}`,
    );
    const after = await fichas();
    const listas = first.body[0]?.listas;
    const stored = `fichas of the company ${before} before, ${after} after (+${after - before}; the load says created ${view.created})`;
    const screenedOk = !!listas && !listas.error && listas.lists.length > 0;
    const screened = `first ficha screened against ${listas?.lists.length ?? 'NO'} lists (error ${listas?.error})${screenedOk ? '' : ' - SCREENING FAILED: the figures do not count'}; list-match notifications ${matches.body.count}`;
    const [l1 = 0, l5 = 0] = os.loadavg();
    return {
      db,
      seconds,
      uploadMs,
      jobSeconds,
      view,
      accounted: accountedFor(view, file.rows),
      memory,
      lists,
      screened,
      screenedOk,
      stored,
      loadAverage: `${l1.toFixed(1)} (5 min ${l5.toFixed(1)})`,
    };
  } finally {
    await stack.stop();
  }
}

function sideBySide(all: Figures[]) {
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  const rows: [string, (f: Figures) => string][] = [
    ['processes', (f) => (f.db === 'postgres' ? 'API + worker' : 'one server')],
    ['upload start to done', (f) => `${f.seconds.toFixed(1)} s`],
    ['  of which the upload', (f) => `${(f.uploadMs / 1000).toFixed(1)} s`],
    ['  the job (row created-finished)', (f) => (f.jobSeconds === null ? '-' : `${f.jobSeconds.toFixed(1)} s`)],
    ['rows/s', (f) => String(Math.round(f.view.bulkProcessedQuantity / f.seconds))],
    ['created / updated / failed', (f) => `${f.view.created} / ${f.view.updated} / ${f.view.failed}`],
    ['every row accounted for', (f) => (f.accounted.ok ? 'yes' : 'NO')],
    ...['API', 'worker', 'server'].map(
      (name) =>
        [
          `peak memory (VmHWM) ${name}`,
          (f: Figures) => {
            const m = f.memory.find((x) => x.name === name);
            return m ? mb(m.peakMb) : '-';
          },
        ] as [string, (f: Figures) => string],
    ),
    ['peak memory, processes added up', (f) => mb(f.memory.reduce((n, m) => n + m.peakMb, 0))],
    ['load average when done', (f) => f.loadAverage],
  ];
  const w = 34;
  console.log(`\n${''.padEnd(w)}${all.map((f) => f.db.padEnd(22)).join('')}`);
  for (const [label, cell] of rows) console.log(`${label.padEnd(w)}${all.map((f) => cell(f).padEnd(22)).join('')}`);
  const pg = all.find((f) => f.db === 'postgres');
  if (pg) {
    const largest = pg.memory.reduce((a, b) => (b.peakMb > a.peakMb ? b : a));
    const added = pg.memory.reduce((n, m) => n + m.peakMb, 0);
    const ok = (b: boolean) => (b ? 'met' : 'MISSED');
    console.log(
      `targets on PostgreSQL: < ${TARGET_SECONDS} s with every row accounted for: ${ok(pg.seconds < TARGET_SECONDS && pg.accounted.ok)} (${pg.seconds.toFixed(1)} s); ` +
        `< 1 GB per process: ${ok(largest.peakMb < TARGET_MB)} (largest: ${largest.name} ${largest.peakMb.toFixed(0)} MB); ` +
        `API and worker added up ${added.toFixed(0)} MB (${added < TARGET_MB ? 'under' : 'OVER'} 1 GB)`,
    );
  }
}

async function main() {
  for (const old of ['DB', 'LISTS', 'PROFILE'])
    if (process.env[old])
      console.warn(`${old} is a setting of BULK_MODE=in-process only: ignored (BULK_DBS chooses the databases here)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-bulk-file-'));
  const removeFile = cleanUpOnInterrupt(() => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    const t0 = Date.now();
    const file = await writeBulkFile(dir, ROWS, FIRST_RUT);
    console.log(
      `file: ${file.rows} rows, ${(file.bytes / 1e6).toFixed(1)} MB, written in ${Date.now() - t0} ms (outside the timer)`,
    );
    const all: Figures[] = [];
    for (const db of DBS) {
      const f = await run(db, file);
      console.log(`${db}: lists in the index: ${f.lists}`);
      console.log(`${db}: ${f.accounted.line}`);
      // each database's figures as soon as they are known (an interrupted run keeps them)
      console.log(
        `${db}: ${f.seconds.toFixed(1)} s from the upload's start to done (upload ${(f.uploadMs / 1000).toFixed(1)} s), ` +
          `${Math.round(f.view.bulkProcessedQuantity / f.seconds)} rows/s; peak memory ${f.memory.map((m) => `${m.name} ${m.peakMb.toFixed(0)} MB`).join(', ')}`,
      );
      console.log(`${db}: ${f.stored}`);
      console.log(`${db}: ${f.screened}`);
      all.push(f);
    }
    sideBySide(all);
    if (all.some((f) => !f.accounted.ok || !f.screenedOk)) process.exitCode = 1;
  } finally {
    await removeFile();
  }
}

const load = machineLoad('bench:bulk');
(process.env.BULK_MODE === 'in-process' ? inProcess(ROWS) : main())
  .then(() => load.end())
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
