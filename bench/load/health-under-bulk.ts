// The `embedded-bulk` scenario of `npm run bench:load` (issue 22, "health under work"): one server on the embedded
// database (a fresh DATA_DIR, demo data). First a baseline: /api/health and GET /api/users/me (signed in as the
// Chilean demo administrator) are each asked BULK_PROBE_RATE (10) times a second for BULK_BASELINE_SECONDS (15) with
// nothing else running. Then a fichas file of BULK_ROWS (50,000) spreadsheet rows goes through the real routes
// (upload URL, PUT of the bytes, POST /api/carga-masiva) and the same two probes run at the same rate until the load
// ends (its progress read once a second). Each probe is sent on its schedule whether or not the previous one has
// answered (an open loop: a stalled server shows as long waits, not as fewer requests). Prints p50/p95/p99/max of
// each probe in both phases, the load's duration and outcome. Target: p99 under 250 ms while the load runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, startChild } from '../../apps/server/test/child-server';
import { DEMO_PASSWORD } from '../../apps/server/test/test-env';
import { startBulkLoad, waitForBulkLoad, writeBulkFile } from '../support/bulk-upload';

const ROWS = Number(process.env.BULK_ROWS ?? 50_000);
const RATE = Number(process.env.BULK_PROBE_RATE ?? 10);
const BASELINE_SECONDS = Number(process.env.BULK_BASELINE_SECONDS ?? 15);
const TARGET_P99 = 250;
const ADMIN_CL = 'admin.cl@demo.regcheck.app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Probe {
  name: string;
  stop(): Promise<number[]>;
}

/** Asks `route` RATE times a second until stopped; answers every wait in ms (a failure or non-2xx counts 10 s). */
function probe(url: string, route: string, token?: string): Probe {
  const waits: Promise<number>[] = [];
  const one = async () => {
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}${route}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.ok ? performance.now() - t0 : 10_000;
    } catch {
      return 10_000;
    }
  };
  const timer = setInterval(() => waits.push(one()), 1000 / RATE);
  return {
    name: route,
    async stop() {
      clearInterval(timer);
      return Promise.all(waits);
    },
  };
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function line(phase: string, name: string, waits: number[]) {
  const s = [...waits].sort((a, b) => a - b);
  const r = (p: number) => Math.round(percentile(s, p));
  const p99 = r(99);
  console.log(
    `  ${phase.padEnd(11)} ${name.padEnd(14)} n=${String(s.length).padStart(5)}  p50 ${r(50)} ms  p95 ${r(95)} ms  ` +
      `p99 ${p99} ms  max ${Math.round(s[s.length - 1] ?? 0)} ms  [p99<${TARGET_P99}ms: ${p99 < TARGET_P99 ? 'met' : 'MISSED'}]`,
  );
  return p99;
}

async function during(url: string, token: string) {
  const probes = [probe(url, '/api/health'), probe(url, '/api/users/me', token)];
  return async (phase: string) => {
    for (const p of probes) line(phase, p.name, await p.stop());
  };
}

export async function embeddedBulk(baseEnv: Record<string, string>, nodeArgs: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-load-bulk-'));
  const { rows, bytes, content: file } = await writeBulkFile(dataDir, ROWS, 40_000_000);
  let s: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    s = await startChild({ ...baseEnv, DATA_DIR: dataDir }, { nodeArgs });
    const token = await login(s.url, ADMIN_CL, DEMO_PASSWORD);
    console.log(
      `embedded-bulk: ${rows} rows (${(bytes / 1e6).toFixed(1)} MB), probes at ${RATE}/s each; load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
    const base = await during(s.url, token);
    await sleep(BASELINE_SECONDS * 1000);
    await base('idle');
    const measuring = await during(s.url, token);
    const t0 = Date.now();
    const id = await startBulkLoad(s.url, token, file, 'bench:load embedded-bulk');
    const url = s.url;
    const view = await waitForBulkLoad(url, token, id, 1000, () => login(url, ADMIN_CL, DEMO_PASSWORD));
    const seconds = (Date.now() - t0) / 1000;
    await measuring('bulk load');
    console.log(
      `  load of ${view.total} rows: ${view.bulkStatus} in ${seconds.toFixed(1)} s (${Math.round(
        view.bulkProcessedQuantity / seconds,
      )} rows/s); created ${view.created}, updated ${view.updated}, failed ${view.failed}; load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
  } finally {
    await s?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
