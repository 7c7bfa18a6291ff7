// Working tool for the 1,000,000-name index (issue 26), so that the snapshot and the query path can be measured
// without the whole benchmark:
//   npx tsx bench/screening/scale-dev.ts build <dir> [names]   builds the corpus's index, saves its snapshot in <dir>
//                                                              with 2,000 mixed queries and the builder's answers
//   node --import tsx bench/screening/scale-dev.ts load <dir>  loads the snapshot in this (new) process: load time
//                                                              in wall and CPU time, then the queries: the same
//                                                              answers, CPU p50/p99, members found, innocent alerts
// (add --cpu-prof after node to profile). The figures of record come from npm run bench:screening.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  createIndex,
  type ListVersions,
  loadSnapshot,
  type MemoryScreeningIndex,
  saveSnapshot,
} from '../../packages/screening/src/index';
import { machineLoad } from '../support/machine';
import { type BenchQuery, makeQueries, realLists, SCALE_NAMES, scaleCorpus } from './corpus';
import { pct } from './measures';

const VERSIONS: ListVersions = { bench: 'synthetic-1m', ofac: '2024-05-03', onu: '2026-02-27' };

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function answers(index: MemoryScreeningIndex, queries: BenchQuery[]) {
  const hash = createHash('sha256');
  const cpu: number[] = [];
  let found = 0;
  let members = 0;
  let innocentAlerts = 0;
  for (const q of queries) {
    const c = cpuMs();
    const hits = index.search(q, { limit: 5 });
    cpu.push(cpuMs() - c);
    hash.update(`${JSON.stringify(hits)}\n`);
    if (q.member) {
      members++;
      if (hits.some((h) => `${h.listId}/${h.entityId}` === q.member)) found++;
    } else if (hits.length) innocentAlerts++;
  }
  cpu.sort((a, b) => a - b);
  return {
    sha256: hash.digest('hex'),
    p50: pct(cpu, 50),
    p99: pct(cpu, 99),
    found: found / Math.max(1, members),
    innocent: innocentAlerts / Math.max(1, queries.length - members),
  };
}

function build(dir: string, names: number) {
  const { ofac, un } = realLists();
  const corpus = scaleCorpus([...ofac, ...un], names);
  const c0 = cpuMs();
  const index = createIndex(corpus);
  console.log(`built ${index.nameCount()} names in ${((cpuMs() - c0) / 1000).toFixed(1)} s CPU`);
  const queries = makeQueries(corpus, 2000, 2);
  const t0 = performance.now();
  const file = saveSnapshot(dir, index, VERSIONS);
  console.log(
    `saved ${file} (${(fs.statSync(file).size / 1048576).toFixed(0)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  fs.writeFileSync(path.join(dir, 'queries.json'), JSON.stringify(queries));
  const a = answers(index, queries);
  fs.writeFileSync(path.join(dir, 'answers.json'), JSON.stringify(a));
  console.log(JSON.stringify(a));
}

function load(dir: string) {
  const t0 = performance.now();
  const c0 = cpuMs();
  const index = loadSnapshot(dir, VERSIONS);
  const wall = (performance.now() - t0) / 1000;
  const cpu = (cpuMs() - c0) / 1000;
  if (!index) throw new Error('no snapshot for these versions');
  console.log(`loaded ${index.nameCount()} names in ${wall.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU`);
  const queries = JSON.parse(fs.readFileSync(path.join(dir, 'queries.json'), 'utf8')) as BenchQuery[];
  const expected = JSON.parse(fs.readFileSync(path.join(dir, 'answers.json'), 'utf8')) as ReturnType<typeof answers>;
  const warm = answers(index, queries.slice(0, 300));
  const a = answers(index, queries);
  console.log(
    `queries ${queries.length}: CPU p50 ${a.p50.toFixed(3)} ms, p99 ${a.p99.toFixed(3)} ms (builder: p99 ${expected.p99.toFixed(3)} ms); ` +
      `members found ${(100 * a.found).toFixed(1)}% (builder ${(100 * expected.found).toFixed(1)}%), innocent alerts ` +
      `${(100 * a.innocent).toFixed(1)}% (builder ${(100 * expected.innocent).toFixed(1)}%); answers ` +
      `${a.sha256 === expected.sha256 ? 'the same as the builder' : 'DIFFERENT from the builder'} (warm-up ${warm.p99.toFixed(2)})`,
  );
}

const [mode, dir, names] = process.argv.slice(2);
const m = machineLoad(`scale-dev ${mode}`);
if (mode === 'build') build(dir as string, Number(names ?? SCALE_NAMES));
else if (mode === 'load') load(dir as string);
else console.log('usage: scale-dev.ts build <dir> [names] | load <dir>');
m.end();
