// Child of screening.bench.ts: loads an index snapshot in a fresh process, answers the queries, and prints the
// load time (wall and CPU), the heap and the sha256 of the answers as one JSON line.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadSnapshot, type ScreeningQuery } from '../../packages/screening/src/index';

const [dir, versions, queriesFile] = process.argv.slice(2);
const t0 = performance.now();
const c0 = process.cpuUsage();
const index = loadSnapshot(dir as string, JSON.parse(versions as string));
const loadS = (performance.now() - t0) / 1000;
const c1 = process.cpuUsage(c0);
const loadCpuS = (c1.user + c1.system) / 1e6;
if (!index) throw new Error('no snapshot for these list versions');
const hash = createHash('sha256');
for (const q of JSON.parse(readFileSync(queriesFile as string, 'utf8')) as ScreeningQuery[])
  hash.update(`${JSON.stringify(index.search(q, { limit: 5 }))}\n`);
console.log(
  JSON.stringify({ loadS, loadCpuS, sha256: hash.digest('hex'), heapMb: process.memoryUsage().heapUsed / 1048576 }),
);
