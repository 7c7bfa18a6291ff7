// Load benchmark: npm run bench:load
// Authenticated reads at LOAD_CONNECTIONS (50) connections for LOAD_SECONDS (60) with autocannon on loopback: the
// fichas list (GET /api/fichas-clientes), an operation's detail (GET /api/consultations/view/{id}) and the
// individual search (POST /api/search/individual), in turn on each connection, as the Chilean demo administrator.
// Scenarios (LOAD_SCENARIOS, comma-separated, all by default):
//   embedded         one server process on the embedded database (a fresh DATA_DIR, demo data)
//   postgres         two API processes (JOBS_IN_PROCESS=false) and one worker (npm run worker) on a PostgreSQL
//                    database of its own (created on DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432,
//                    dropped at the end); half the connections on each API process
//   embedded-import  as embedded, while a list of LOAD_ROWS (100,000) generated rows imports
// LOAD_SPLIT=1 first runs each read alone (a third of LOAD_SECONDS each) to tell which one is slow.
//   postgres-import  as postgres, while the list imports on the worker; then checks that both API processes
//                    find the new entries (each keeps its own screening index) and that the import job ran once
//   postgres-bulk    as postgres, while a fichas file of LOAD_ROWS (100,000) rows is loaded as a user loads it
//                    (bench/support/bulk-upload.ts: upload-url, PUT, POST /api/carga-masiva on the first API process)
//                    and the worker runs the load; says whether every row was accounted for and whether the load
//                    ran for the whole of the reads (issue 31 point 5)
//   embedded-bulk    /api/health and GET /api/users/me at a steady rate, idle and then during a 50,000-row bulk
//                    load through the upload routes, on the embedded database (health-under-bulk.ts, issue 22)
//   postgres-rolling two API nodes and a worker on PostgreSQL and an S3-compatible bucket behind a balancer that
//                    routes on /api/ready: the reads plus a PDF from the bucket, then a rolling restart of both
//                    nodes under the same reads (rolling.ts, issue 29; target 0 errors)
// Prints req/s, p50, p99, errors and the longest wait of a /api/health probe (one request every 100 ms) per run.
// Targets (issue 17): 0 errors, p99 under 3x p50, >= 500 req/s on PostgreSQL and >= 200 on the embedded database,
// no health wait over 1 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { api, type Child, login } from '../../apps/server/test/child-server';
import { generatedListCsv, generatedName } from '../../apps/server/test/list-gen';
import { ADMIN, DEMO_PASSWORD } from '../../apps/server/test/test-env';
import { accountedFor, startBulkLoad, waitForBulkLoad, writeBulkFile } from '../support/bulk-upload';
import { baseUrl, databaseUrl } from '../support/database';
import { machineLoad } from '../support/machine';
import { cleanUpOnInterrupt, startStack } from '../support/stack';
import { embeddedBulk } from './health-under-bulk';
import { readsOf } from './reads';
import { postgresRolling } from './rolling';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const ROWS = Number(process.env.LOAD_ROWS ?? 100_000);
const SCENARIOS = (
  process.env.LOAD_SCENARIOS ??
  'embedded,postgres,embedded-import,postgres-import,postgres-bulk,embedded-bulk,postgres-rolling'
).split(',');
const ADMIN_CL = 'admin.cl@demo.regcheck.app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RunFigures {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  errorKinds: string;
  requests: number;
  healthMaxMs: number;
  healthChecks: number;
  note?: string;
}

/** Asks /api/health every 100 ms until stopped; answers the longest wait (a request that fails counts 10 s). */
function healthProbe(url: string) {
  let running = true;
  let longest = 0;
  let checks = 0;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      } catch {
        longest = Math.max(longest, 10_000);
      }
      longest = Math.max(longest, performance.now() - t0);
      checks++;
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { longest: Math.round(longest), checks };
    },
  };
}

async function cannon(url: string, token: string, connections: number) {
  const requests = await readsOf(url, token);
  if (process.env.LOAD_SPLIT === '1') {
    // each read alone for a third of the run (to find the slow one)
    for (const r of requests) {
      const one = await autocannon({
        url,
        connections,
        duration: Math.max(3, Math.round(SECONDS / 3)),
        timeout: 10,
        headers: { authorization: `Bearer ${token}` },
        requests: [r],
      });
      console.log(
        `  ${r.method} ${r.path}: ${Math.round(one.requests.average)} req/s, p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms, errors ${one.errors + one.timeouts + one.non2xx}`,
      );
    }
  }
  return autocannon({
    url,
    connections,
    duration: SECONDS,
    timeout: 10,
    headers: { authorization: `Bearer ${token}` },
    requests,
  });
}

/** Runs the reads against every API process at once (connections split evenly) with a health probe on the first. */
async function measure(scenario: string, servers: Child[], during?: () => Promise<() => Promise<string>>) {
  const tokens = await Promise.all(servers.map((s) => login(s.url, ADMIN_CL, DEMO_PASSWORD)));
  const probe = healthProbe((servers[0] as Child).url);
  const side = during ? await during() : undefined;
  const per = Math.max(1, Math.floor(CONNECTIONS / servers.length));
  const results = await Promise.all(servers.map((s, i) => cannon(s.url, tokens[i] as string, per)));
  const note = side ? await side() : undefined;
  const health = await probe.stop();
  const figures: RunFigures = {
    scenario,
    reqPerSec: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
    // several processes: the slower one's figures
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
    errorKinds: `${results.reduce((n, r) => n + r.errors - r.timeouts, 0)} failed, ${results.reduce((n, r) => n + r.timeouts, 0)} timed out (10 s), ${results.reduce((n, r) => n + r.non2xx, 0)} not 2xx`,
    requests: results.reduce((n, r) => n + r.requests.total, 0),
    healthMaxMs: health.longest,
    healthChecks: health.checks,
    note,
  };
  print(figures);
  return figures;
}

function print(f: RunFigures) {
  const ok = (b: boolean) => (b ? 'met' : 'MISSED');
  const floor = f.scenario.startsWith('postgres') ? 500 : 200;
  console.log(
    `${f.scenario.padEnd(16)} ${String(f.reqPerSec).padStart(5)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  ` +
      `errors ${f.errors} of ${f.requests}${f.errors ? ` (${f.errorKinds})` : ''}  longest /api/health wait ${f.healthMaxMs} ms (${f.healthChecks} checks)` +
      `  [req/s>=${floor}: ${ok(f.reqPerSec >= floor)}, p99<3xp50: ${ok(f.p99 < 3 * f.p50)}, 0 errors: ${ok(f.errors === 0)}, health<=1s: ${ok(f.healthMaxMs <= 1000)}]` +
      (f.note ? `\n${' '.repeat(17)}${f.note}` : ''),
  );
}

/** Starts the import of the generated list; the returned function waits for its end and describes it. */
function importDuring(s: Child) {
  return async () => {
    const root = await login(s.url, ADMIN.email, ADMIN.password);
    const t0 = Date.now();
    const started = await api<{ version: { id: number } }>(s.url, root, 'POST', '/api/lists/interpol/import', {
      content: generatedListCsv(ROWS),
      label: 'load benchmark',
    });
    if (started.status !== 202) throw new Error(`import: ${started.status} ${JSON.stringify(started.body)}`);
    const accepted = Date.now() - t0;
    const id = started.body.version.id;
    return async () => {
      for (;;) {
        const v = await api<{ status: string; entityCount: number }>(
          s.url,
          root,
          'GET',
          `/api/lists/interpol/versions/${id}`,
        );
        if (v.body.status !== 'importing')
          return `import of ${ROWS} rows: upload answered in ${accepted} ms, version ${v.body.status} (${v.body.entityCount} entries) ${Math.round((Date.now() - t0) / 1000)} s after the upload`;
        await sleep(1000);
      }
    };
  };
}

const baseEnv = { RATE_LIMIT_MAX: '1000000', REGCHECK_DEMO: '1' };
// LOAD_PROFILE=<folder>: the API processes write a V8 CPU profile there when they stop (node --cpu-prof)
// LOAD_NODE_ARGS: more options for node in every process of the stack (an experiment, e.g. a V8 flag)
const nodeArgs = [
  ...(process.env.LOAD_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.LOAD_PROFILE)] : []),
  ...(process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean),
];

async function embedded(withImport: boolean) {
  const stack = await startStack({ db: 'embedded', dbName: 'rc_load', env: baseEnv, nodeArgs });
  try {
    const s = stack.apis[0] as Child;
    return await measure(withImport ? 'embedded-import' : 'embedded', [s], withImport ? importDuring(s) : undefined);
  } finally {
    await stack.stop();
  }
}

/**
 * Two API processes and a worker on a PostgreSQL database of their own; the reads alone, or while a list imports
 * (`import`) or a bulk load of LOAD_ROWS rows goes through the upload routes to the worker (`bulk`).
 */
async function postgres(side: 'reads' | 'import' | 'bulk') {
  // the bulk file is generated before anything starts (outside every figure)
  const fileDir = side === 'bulk' ? fs.mkdtempSync(path.join(os.tmpdir(), 'rc-load-bulk-file-')) : undefined;
  const removeFile = cleanUpOnInterrupt(() => {
    if (fileDir) fs.rmSync(fileDir, { recursive: true, force: true });
  });
  try {
    const file = fileDir ? await writeBulkFile(fileDir, ROWS, 60_000_000) : undefined;
    const stack = await startStack({
      db: 'postgres',
      dbName: `rc_bench_load_${process.pid}_${side}`,
      env: { ...baseEnv, LIST_POLL_MS: '2000' },
      apis: 2,
      nodeArgs,
    });
    try {
      const [first] = stack.apis as [Child];
      const during =
        side === 'import' ? importDuring(first) : file ? bulkDuring(first, file.content, file.rows) : undefined;
      const figures = await measure(`postgres${side === 'reads' ? '' : `-${side}`}`, stack.apis, during);
      if (side === 'import') await checkInStep(stack.apis, `rc_bench_load_${process.pid}_${side}`);
      return figures;
    } finally {
      await stack.stop();
    }
  } finally {
    await removeFile();
  }
}

/**
 * Starts a bulk load of `rows` rows through the upload routes (upload-url, PUT, POST /api/carga-masiva) on `s`; the
 * worker loads it. The returned function, called when the reads end, waits for the load's end and describes it: its
 * rows accounted for, and whether it ran for the whole of the reads.
 */
function bulkDuring(s: Child, content: Buffer, rows: number) {
  return async () => {
    const token = await login(s.url, ADMIN_CL, DEMO_PASSWORD);
    const t0 = Date.now();
    const id = await startBulkLoad(s.url, token, content, 'bench:load postgres-bulk');
    const uploaded = Date.now() - t0;
    return async () => {
      const readsEnded = Date.now();
      const view = await waitForBulkLoad(s.url, token, id, 500, () => login(s.url, ADMIN_CL, DEMO_PASSWORD));
      const finished = view.finishedAt ? Date.parse(view.finishedAt) : Date.now();
      const cover =
        finished >= readsEnded
          ? 'it ran for the whole of the reads'
          : `it ended ${((readsEnded - finished) / 1000).toFixed(1)} s before the reads did (those seconds of reads ran without it)`;
      return `bulk load through the routes: upload ${uploaded} ms, ${accountedFor(view, rows).line}, ${((finished - t0) / 1000).toFixed(1)} s from the upload's start; ${cover}`;
    };
  };
}

/** After the import: each API process finds an entry of the new list in its own index; the import job ran once. */
async function checkInStep(apis: Child[], dbName: string) {
  const name = generatedName(ROWS - 3);
  for (const [i, s] of apis.entries()) {
    const token = await login(s.url, ADMIN_CL, DEMO_PASSWORD);
    let found = false;
    const t0 = Date.now();
    while (!found && Date.now() - t0 < 60_000) {
      const r = await api<{ lists?: { listId?: string; id?: string; hits?: { entityId?: string; id?: string }[] }[] }>(
        s.url,
        token,
        'POST',
        '/api/search/individual',
        { name, personType: 'natural' },
      );
      found = JSON.stringify(r.body).includes(`G${ROWS - 3}`);
      if (!found) await sleep(1000);
    }
    console.log(
      `${' '.repeat(17)}API process ${i + 1} (port ${s.port}): '${name}' ${found ? 'found' : 'NOT found'} in its index`,
    );
  }
  const c = new pg.Client({ connectionString: databaseUrl(dbName) });
  await c.connect();
  const jobs = await c.query<{ name: string; status: string; attempts: number; runs: string; workers: string }>(
    `select name, status, attempts, count(*)::text as runs, string_agg(distinct locked_by, ', ') as workers
       from jobs where name in ('lists.import', 'monitoring.listChanged') group by name, status, attempts order by name`,
  );
  await c.end();
  for (const j of jobs.rows)
    console.log(
      `${' '.repeat(17)}job ${j.name}: ${j.runs} job(s) ${j.status}, attempt ${j.attempts}, run by ${j.workers}`,
    );
}

async function main() {
  console.log(
    `load benchmark: ${SECONDS} s per run, ${CONNECTIONS} connections, list import and bulk load of ${ROWS} rows; ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}; PostgreSQL at ${new URL(baseUrl).host}`,
  );
  const all: RunFigures[] = [];
  for (const s of SCENARIOS) {
    if (s === 'embedded') all.push(await embedded(false));
    else if (s === 'embedded-import') all.push(await embedded(true));
    else if (s === 'postgres') all.push(await postgres('reads'));
    else if (s === 'postgres-import') all.push(await postgres('import'));
    else if (s === 'postgres-bulk') all.push(await postgres('bulk'));
    else if (s === 'embedded-bulk') await embeddedBulk(baseEnv, nodeArgs);
    else if (s === 'postgres-rolling') await postgresRolling(SECONDS, CONNECTIONS, baseEnv);
    else throw new Error(`unknown scenario ${s}`);
  }
  console.log(`load average at the end ${os.loadavg()[0]?.toFixed(1)}`);
}

const load = machineLoad('bench:load');
main()
  .then(() => load.end())
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
