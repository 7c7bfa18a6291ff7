// Memory a search allocates (issue 26): `npx tsx bench/screening/alloc-dev.ts <dir>` loads the 1,000,000-name
// snapshot that `scale-dev.ts build <dir>` saved, answers its 2,000 queries once with other word orders (untimed, so
// that the code is compiled and the query caches hold what a running server's would), then answers them again under
// V8's sampling heap profiler, counting objects the collector has since freed too, and prints the kilobytes allocated
// per query, in all and by the function that allocated them. Garbage is what the young generation's collections
// (scavenges, 1.5-5 ms each at this heap) are paid for: with a process at one core, each lands inside one query.
// For exact line numbers, bundle first: `npx esbuild bench/screening/alloc-dev.ts --bundle --platform=node
// --format=esm --outfile=bench/screening/.alloc.mjs && node bench/screening/.alloc.mjs <dir>`.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { loadSnapshot, type ScreeningQuery } from '../../packages/screening/src/index';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const dir = process.argv[2] ?? '/tmp/snap1m';
const index = loadSnapshot(dir, { bench: 'synthetic-1m', ofac: '2024-05-03', onu: '2026-02-27' });
if (!index) throw new Error(`no snapshot in ${dir}: run scale-dev.ts build ${dir} first`);
const queries = JSON.parse(fs.readFileSync(path.join(dir, 'queries.json'), 'utf8')) as ScreeningQuery[];
for (const q of queries)
  index.search({ ...q, name: `${(q.name ?? '').split(' ').reverse().join(' ')} x` }, { limit: 5 });

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 1024,
  includeObjectsCollectedByMinorGC: true,
  includeObjectsCollectedByMajorGC: true,
});
for (const q of queries) index.search(q, { limit: 5 });
const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
session.disconnect();

const byFunction = new Map<string, number>();
let total = 0;
const walk = (n: ProfileNode) => {
  const name = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  total += n.selfSize;
  byFunction.set(name, (byFunction.get(name) ?? 0) + n.selfSize);
  for (const c of n.children) walk(c);
};
walk(profile.head);
const kb = (bytes: number) => (bytes / 1024 / queries.length).toFixed(1);
console.log(`${kb(total)} KB allocated per query (${queries.length} queries)`);
for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${kb(bytes).padStart(7)} KB  ${name}`);
