// A node's start to ready with the screening index loaded from its snapshot against built from the database (issue 29,
// point 4; decision 245). One installation on the embedded database with the shipped OFAC and UN lists (the first
// start imports them and saves the index's snapshot into DATA_DIR/files/screening-index); then, RUNS times each,
// alternately: a start with the snapshot folder removed (the index is built from the database, then saved again)
// and a start with it (loaded). Each start is timed from the spawn of `apps/server/src/server.ts` to the first 200
// of GET /api/ready (polled every 20 ms), and the index's own part is read from its log line. Prints the median
// and every run.
//   npx tsx bench/screening/node-start.ts            (RUNS=5 by default)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChild } from '../../apps/server/test/child-server';
import { machineLoad } from '../support/machine';

const RUNS = Number(process.env.RUNS ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-start-'));
const snapDir = path.join(dataDir, 'files', 'screening-index');

interface Start {
  readyMs: number;
  indexMs: number;
  how: string;
}

async function start(): Promise<Start & { stop: () => Promise<void>; output: () => string }> {
  const t0 = performance.now();
  const child = await startChild(
    { LOG_LEVEL: 'info', DATA_DIR: dataDir, REGCHECK_SHIP_LISTS: '1', DRAIN_DELAY_MS: '0' },
    { readyPath: '/api/ready', pollMs: 20 },
  );
  const readyMs = Math.round(performance.now() - t0);
  const out = child.output();
  const m = /screening: index (built from the database|loaded from its snapshot \(\d+ bytes\)) in (\d+) ms/.exec(out);
  if (!m) throw new Error(`no index line in the log:\n${out}`);
  return {
    readyMs,
    indexMs: Number(m[2]),
    how: (m[1] as string).startsWith('built') ? 'built' : 'snapshot',
    output: child.output,
    stop: async () => {
      await child.stop();
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const load = machineLoad('node-start');
  console.log('first start: migrations, demo data, the shipped OFAC and UN lists imported, index built and saved');
  const first = await start();
  console.log(`  ready in ${first.readyMs} ms (index ${first.how} in ${first.indexMs} ms)`);
  await first.stop();
  // the save after the build: encoding holds the event loop of the process that saves (decision 245)
  const saved = /"encodeMs":(\d+),"storeMs":(\d+)/.exec(first.output());
  if (saved) console.log(`  snapshot saved after the start: encoded in ${saved[1]} ms, stored in ${saved[2]} ms`);
  const snap = fs.readdirSync(snapDir);
  const bytes = snap.reduce((n, f) => n + fs.statSync(path.join(snapDir, f)).size, 0);
  console.log(`  snapshot: ${snap.length} file(s), ${(bytes / 1e6).toFixed(1)} MB`);
  const rows: Record<'built' | 'snapshot', Start[]> = { built: [], snapshot: [] };
  const encodes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const mode of ['built', 'snapshot'] as const) {
      if (mode === 'built') fs.rmSync(snapDir, { recursive: true, force: true });
      const s = await start();
      if (s.how !== mode) throw new Error(`expected the index ${mode}, the log says ${s.how}`);
      rows[mode].push(s);
      // a built index is saved after the start; the stop waits for the save
      await s.stop();
      const enc = /"encodeMs":(\d+)/.exec(s.output());
      if (mode === 'built' && enc) encodes.push(Number(enc[1]));
    }
  }
  for (const mode of ['built', 'snapshot'] as const) {
    const r = rows[mode];
    console.log(
      `${mode === 'built' ? 'rebuild ' : 'snapshot'}: start to ready median ${median(r.map((x) => x.readyMs))} ms ` +
        `(index ${median(r.map((x) => x.indexMs))} ms); runs ${r.map((x) => `${x.readyMs}/${x.indexMs}`).join(', ')}`,
    );
  }
  if (encodes.length)
    console.log(`snapshot encoding after a rebuild: median ${median(encodes)} ms; runs ${encodes.join(', ')}`);
  load.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
