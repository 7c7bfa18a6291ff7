// Screening speed benchmark: npm run bench:screening
// Index build, query latency (p50/p99), throughput on one core and heap, for OFAC 2024 + UN and for a
// synthetic corpus of about 450k names, beside a naive Jaro-Winkler scan; plus the customer-file scenario
// (100k customers re-screened against a whole list). Re-runs itself with --expose-gc to measure the heap.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createIndex,
  DEFAULT_THRESHOLD,
  jaroWinkler,
  type ListEntity,
  type MemoryScreeningIndex,
  nameKey,
  type ScreeningQuery,
} from '../../packages/screening/src/index';
import { loadListPath } from '../../packages/screening/src/lists.load';
import { latinCompany, latinPerson, type Perturbation, perturb, pick, rng } from '../../packages/screening/test/synth';

const self = fileURLToPath(import.meta.url);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(r.status ?? 1);
}

const repoRoot = path.resolve(path.dirname(self), '../..');
const data = path.resolve(repoRoot, '../shared/data/lists');
const QUICK = process.argv.includes('--quick');
/** --lists-only: OFAC + UN, the innocent names and the summary, without the synthetic corpus and the monitoring. */
const LISTS_ONLY = process.argv.includes('--lists-only');
const INNOCENT = 50_000;

function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1048576;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function fmt(x: number, d = 2): string {
  return x.toFixed(d);
}

/** Realistic mix: half list members written with typos, reordering, dropped parts or other spellings; half innocent. */
function makeQueries(entities: ListEntity[], n: number, seed: number): (ScreeningQuery & { member?: string })[] {
  const r = rng(seed);
  const kinds: Perturbation[] = ['typo', 'reorder', 'drop', 'variant', 'case'];
  const out: (ScreeningQuery & { member?: string })[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      const e = pick(r, entities);
      const name = pick(r, e.names);
      out.push({
        name: perturb(r, name, pick(r, kinds)),
        schema: e.schema === 'Person' ? 'Person' : 'Unknown',
        member: `${e.listId}/${e.id}`,
      });
    } else if (r() < 0.8) out.push({ name: latinPerson(r), schema: 'Person' });
    else out.push({ name: latinCompany(r), schema: 'Company' });
  }
  return out;
}

/** CPU time of this process in ms (user + system): robust when other processes share the cores. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function runQueries(index: MemoryScreeningIndex, queries: (ScreeningQuery & { member?: string })[]) {
  for (const q of queries.slice(0, 500)) index.search(q, { limit: 5 });
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let found = 0;
  let innocentAlerts = 0;
  const t0 = performance.now();
  const c0 = cpuMs();
  for (const q of queries) {
    const s = performance.now();
    const c = cpuMs();
    const hits = index.search(q, { limit: 5 });
    cpuTimes.push(cpuMs() - c);
    times.push(performance.now() - s);
    if (q.member) {
      if (hits.some((h) => `${h.listId}/${h.entityId}` === q.member)) found++;
    } else if (hits.length) innocentAlerts++;
  }
  const total = performance.now() - t0;
  const cpuTotal = cpuMs() - c0;
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    p50: pct(times, 50),
    p99: pct(times, 99),
    qps: (queries.length / total) * 1000,
    cpuP50: pct(cpuTimes, 50),
    cpuP99: pct(cpuTimes, 99),
    cpuQps: (queries.length / cpuTotal) * 1000,
    found,
    innocentAlerts,
    total,
  };
}

/** The naive baseline: Jaro-Winkler of the whole normalised query against every indexed name. */
function naiveScan(entities: ListEntity[], queries: ScreeningQuery[]) {
  const keys: string[] = [];
  for (const e of entities) for (const n of e.names) keys.push(nameKey(n, e.schema));
  const times: number[] = [];
  const t0 = cpuMs();
  for (const q of queries) {
    const s = cpuMs();
    const k = nameKey(q.name ?? '', q.schema);
    let best = 0;
    for (const key of keys) {
      const v = jaroWinkler(k, key);
      if (v > best) best = v;
    }
    times.push(cpuMs() - s);
    if (best < 0) console.log('unreachable');
  }
  const total = cpuMs() - t0;
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), qps: (queries.length / total) * 1000 };
}

function buildIndex(entities: ListEntity[]) {
  const before = heapMb();
  const t0 = performance.now();
  const c0 = cpuMs();
  const index = createIndex(entities);
  const ms = performance.now() - t0;
  const cpu = cpuMs() - c0;
  const after = heapMb();
  return { index, ms, cpu, heapIndex: after - before, heapTotal: after };
}

function report(label: string, entities: ListEntity[], queryCount: number, naiveCount: number, seed: number) {
  const { index, ms, cpu, heapIndex, heapTotal } = buildIndex(entities);
  console.log(`\n## ${label}`);
  console.log(`entities ${index.size()}  names ${index.nameCount()}`);
  console.log(`index build            ${fmt(ms / 1000)} s wall, ${fmt(cpu / 1000)} s CPU`);
  console.log(`heap: index ${fmt(heapIndex, 0)} MB, process total ${fmt(heapTotal, 0)} MB (after gc)`);
  const queries = makeQueries(entities, queryCount, seed);
  const r = runQueries(index, queries);
  console.log(`queries ${queries.length} (half perturbed list members, half innocent)`);
  console.log(`wall: latency p50 ${fmt(r.p50, 3)} ms  p99 ${fmt(r.p99, 3)} ms  throughput ${fmt(r.qps, 0)} queries/s`);
  console.log(
    `CPU:  latency p50 ${fmt(r.cpuP50, 3)} ms  p99 ${fmt(r.cpuP99, 3)} ms  throughput ${fmt(r.cpuQps, 0)} queries/CPU-s (one core)`,
  );
  const members = queries.filter((q) => q.member).length;
  console.log(
    `perturbed members found in top 5: ${fmt((100 * r.found) / members, 1)}%; ` +
      `innocent queries with an alert: ${fmt((100 * r.innocentAlerts) / (queries.length - members), 1)}%`,
  );
  const naive = naiveScan(entities, queries.slice(0, naiveCount));
  console.log(
    `naive Jaro-Winkler scan, CPU (${naiveCount} queries): p50 ${fmt(naive.p50, 2)} ms  p99 ${fmt(naive.p99, 2)} ms  ` +
      `${fmt(naive.qps, 1)} queries/CPU-s  -> index is ${fmt(r.cpuQps / naive.qps, 0)}x faster`,
  );
  return { index, ratio: r.cpuQps / naive.qps, queries: queries.length };
}

/** Innocent Latin American names (given names and Spanish/Portuguese family names) screened at the default threshold. */
function innocentRate(index: ReturnType<typeof buildIndex>['index'], count: number, seed: number) {
  const r = rng(seed);
  let alerted = 0;
  const examples: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = latinPerson(r);
    const hits = index.search({ name, schema: 'Person' }, { threshold: DEFAULT_THRESHOLD, limit: 1 });
    if (hits.length) {
      alerted++;
      if (examples.length < 10) examples.push(`${name} -> ${hits[0]?.matchedName} (${hits[0]?.score})`);
    }
  }
  return { alerted, rate: alerted / count, examples };
}

/** Synthetic corpus of about `targetNames` names recombining and perturbing real list tokens. */
function syntheticCorpus(real: ListEntity[], targetNames: number, seed: number): ListEntity[] {
  const r = rng(seed);
  const personTokens: string[] = [];
  const orgTokens: string[] = [];
  for (const e of real) {
    for (const n of e.names) {
      const words = n.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
      if (e.schema === 'Person') personTokens.push(...words);
      else orgTokens.push(...words);
    }
  }
  const out: ListEntity[] = [...real];
  let names = real.reduce((s, e) => s + e.names.length, 0);
  let id = 0;
  const kinds: Perturbation[] = ['typo', 'variant', 'drop', 'reorder'];
  while (names < targetNames) {
    const person = r() < 0.7;
    const pool = person ? personTokens : orgTokens;
    const len = 2 + Math.floor(r() * 3);
    const words: string[] = [];
    for (let k = 0; k < len; k++) words.push(pick(r, pool));
    const primary = words.join(' ');
    const list = [primary];
    const aliases = Math.floor(r() * 2.2);
    for (let k = 0; k < aliases; k++) list.push(perturb(r, primary, pick(r, kinds)));
    out.push({ id: `syn${id++}`, listId: 'synthetic', schema: person ? 'Person' : 'Organization', names: list });
    names += list.length;
  }
  return out;
}

function main() {
  const t0 = performance.now();
  const ofac = loadListPath(path.join(data, 'ofac-sdn-2024-05-03'));
  const un = loadListPath(path.join(data, 'un/consolidated-2026-02-27.xml'));
  const real = [...ofac, ...un];
  console.log(
    `# Screening benchmark (node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
  );
  console.log(`parse OFAC 2024 + UN: ${fmt((performance.now() - t0) / 1000)} s`);
  const lists = report('OFAC SDN 2024-05-03 + UN consolidated', real, QUICK ? 2000 : 10000, 200, 1);
  const innocent = innocentRate(lists.index, INNOCENT, 23);
  console.log(
    `\n## ${INNOCENT} generated innocent Latin American names against OFAC + UN at the default threshold ` +
      `${DEFAULT_THRESHOLD}: ${innocent.alerted} raise a hit (${fmt(100 * innocent.rate, 3)}%)`,
  );
  for (const e of innocent.examples) console.log(`  ${e}`);
  const summary = () => {
    console.log('\n## Summary');
    console.log(
      `OFAC + UN, ${lists.queries} queries in one process: the index is ${fmt(lists.ratio, 0)}x faster per query ` +
        `than a naive best-pairs Jaro-Winkler scan measured in the same run (target >= 100x: ${lists.ratio >= 100 ? 'met' : 'NOT met'})`,
    );
    console.log(
      `innocent names with a hit: ${fmt(100 * innocent.rate, 3)}% of ${INNOCENT} (target < 0.2%: ${innocent.rate < 0.002 ? 'met' : 'NOT met'})`,
    );
  };
  if (LISTS_ONLY) return summary();

  // Raw names are generated until about 450k remain after the index folds identical spellings.
  const synthetic = syntheticCorpus(real, 536_000, 7);
  report('Synthetic 10x corpus (real names recombined and perturbed)', synthetic, QUICK ? 2000 : 10000, 30, 2);

  // Ongoing monitoring: 100k customers indexed, every OFAC entry queried against them.
  const r = rng(11);
  const customers: ListEntity[] = [];
  for (let i = 0; i < 100_000; i++) {
    const person = r() < 0.85;
    customers.push({
      id: `c${i}`,
      listId: 'fichas',
      schema: person ? 'Person' : 'Company',
      names: [person ? latinPerson(r) : latinCompany(r)],
    });
  }
  const b = buildIndex(customers);
  const t1 = performance.now();
  const c1 = cpuMs();
  let queries = 0;
  let alerts = 0;
  for (const e of ofac) {
    for (const name of e.names) {
      queries++;
      alerts += b.index.search({ name, schema: e.schema }, { limit: 20 }).length;
    }
  }
  const s = (performance.now() - t1) / 1000;
  const cs = (cpuMs() - c1) / 1000;
  console.log('\n## Monitoring: 100k customers re-screened against the whole OFAC 2024 list');
  console.log(
    `customer index build ${fmt(b.ms / 1000)} s wall (${fmt(b.cpu / 1000)} s CPU), heap ${fmt(b.heapIndex, 0)} MB`,
  );
  console.log(
    `${queries} list names queried in ${fmt(s)} s wall, ${fmt(cs)} s CPU (${fmt(queries / cs, 0)} queries/CPU-s), ` +
      `${alerts} customer alerts`,
  );
  summary();
}

main();
