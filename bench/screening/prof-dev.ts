// The index's query path alone (issue 26, decision 311): `npx tsx bench/screening/prof-dev.ts` runs sets of 2,000
// mixed queries against OFAC + UN, each timed as a whole: a first set, a second, the second again, then new sets
// (SETS=n, 6 by default), so that the cost of a fresh process, of the compiler's background work and of queries
// met before can be told apart. QUALITY_FIRST=1 scores the labelled pairs first, as the benchmark once did. Profile
// with `node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/screening/prof-dev.ts`.
import { createIndex } from '../../packages/screening/src/index';
import { makeQueries, realLists } from './corpus';
import { qualityReport } from './quality';

if (process.env.QUALITY_FIRST) qualityReport();
const { ofac, un } = realLists();
const all = [...ofac, ...un];
const index = createIndex(all);
const sets = Number(process.env.SETS ?? 6);
for (let k = 0; k < sets; k++) {
  // sets 1 and 2 hold the same queries; every other set is new
  const seed = k === 2 ? 1001 : k + 1000;
  const queries = makeQueries(all, 2000, seed);
  index.clearQueryCaches();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (const q of queries) index.search(q, { limit: 5 });
  const c = process.cpuUsage(c0);
  console.log(
    `set ${k}${k === 2 ? ' (set 1 again)' : ''}: wall ${(performance.now() - t0).toFixed(0)} ms, ` +
      `CPU ${((c.user + c.system) / 1000).toFixed(0)} ms`,
  );
}
