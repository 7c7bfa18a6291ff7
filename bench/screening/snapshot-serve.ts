// Child of screening.bench.ts: a new process at one core. Started with `node --single-threaded`, V8 runs its
// collector and compiler on the thread that answers (no helper threads), so the process's CPU time is one core's.
// It loads the index snapshot, answers the warm-up queries untimed (a server has answered others before), then the
// measured ones one at a time, and prints the CPU and wall time per query (p50, p99, max) as one JSON line.
import { readFileSync } from 'node:fs';
import { loadSnapshot, type ScreeningQuery } from '../../packages/screening/src/index';
import { pct } from './measures';

const [dir, versions, warmFile, queriesFile] = process.argv.slice(2);
const index = loadSnapshot(dir as string, JSON.parse(versions as string));
if (!index) throw new Error('no snapshot for these list versions');
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as ScreeningQuery[];
for (const q of read(warmFile as string)) index.search(q, { limit: 5 });
const cpu: number[] = [];
const wall: number[] = [];
for (const q of read(queriesFile as string)) {
  const c = process.cpuUsage();
  const s = performance.now();
  index.search(q, { limit: 5 });
  wall.push(performance.now() - s);
  const d = process.cpuUsage(c);
  cpu.push((d.user + d.system) / 1000);
}
cpu.sort((a, b) => a - b);
wall.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    queries: cpu.length,
    cpuP50: pct(cpu, 50),
    cpuP99: pct(cpu, 99),
    cpuMax: pct(cpu, 100),
    wallP50: pct(wall, 50),
    wallP99: pct(wall, 99),
  }),
);
