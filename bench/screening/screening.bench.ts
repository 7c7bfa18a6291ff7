// Screening benchmark: npm run bench:screening
// Index build, query latency (p50/p99), throughput on one core and heap, for OFAC 2024 + UN and for a synthetic corpus
// of 1,000,000 names, beside a naive Jaro-Winkler scan in the same run; UN members' recall; innocent alerts on
// the real lists and at the 10x corpus; the index snapshot loaded by a new process (load time, same answers);
// plus the customer-file scenario (100k customers re-screened against a whole list); last, quality out of sample
// (bench/screening/quality.ts: tuned, cross-validated and held-out figures). One summary at the end.
// Re-runs itself with --expose-gc to measure the heap.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createIndex,
  DEFAULT_THRESHOLD,
  jaroWinkler,
  type ListEntity,
  type MemoryScreeningIndex,
  MODEL_WEIGHTS,
  nameKey,
  type ScreeningQuery,
  saveSnapshot,
} from '../../packages/screening/src/index';
import { latinCompany, latinPerson, rng } from '../../packages/screening/test/synth';
import { machineLoad } from '../support/machine';
import { type BenchQuery, makeQueries, realLists, SCALE_NAMES, scaleCorpus } from './corpus';
import { innocentRate, pct, unRecall } from './measures';
import { qualityReport } from './quality';

const self = fileURLToPath(import.meta.url);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(r.status ?? 1);
}

const QUICK = process.argv.includes('--quick');
/** --lists-only: OFAC + UN, the innocent names and the summary, without the synthetic corpus and the monitoring. */
const LISTS_ONLY = process.argv.includes('--lists-only');
const INNOCENT = 50_000;
/** Innocent names screened against the 10x corpus (each query there costs more). */
const INNOCENT_10X = QUICK ? 2_000 : 10_000;

function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1048576;
}

function fmt(x: number, d = 2): string {
  return x.toFixed(d);
}

/** CPU time of this process in ms (user + system): robust when other processes share the cores. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Runs the queries PASSES times, each pass from the same state (query caches emptied, then 500 warm-up queries
 * drawn apart from the measured ones, as a running server has answered other names before): the first pass gives
 * the figures as a single run measures them; the fastest of the passes, per query, is beside them, the CPU time with
 * less of what other processes on the machine add (cache pollution, interrupts). Before the passes, the warm-up
 * queries run once in full, untimed, so that the compiler's background threads (counted in the process's CPU time)
 * are done with the search code, as in a server that has been answering for a while; the naive scan is warmed alike.
 */
const PASSES = 3;
/**
 * Warm-up queries (another seed than the measured ones). After 2,000 the index answered 2,000 new queries in 740 ms
 * of CPU, after 4,000 to 8,000 in 580-630 ms (the compiler's and the collector's background threads;
 * bench/screening/prof-dev.ts); a server has answered many more before.
 */
const WARM_QUERIES = 6000;
function runQueries(index: MemoryScreeningIndex, queries: BenchQuery[], warm: BenchQuery[], fresh: BenchQuery[]) {
  const fastest = queries.map(() => Number.POSITIVE_INFINITY);
  let first: ReturnType<typeof runPass> | null = null;
  for (const q of warm) index.search(q, { limit: 5 });
  // throughput from a pass that times the whole loop only (the per-query clocks of the passes below cost about 8%),
  // on as many queries drawn alike and never asked before (the passes below then meet theirs for the first time)
  index.clearQueryCaches();
  for (const q of warm.slice(0, 500)) index.search(q, { limit: 5 });
  const c0 = cpuMs();
  for (const q of fresh) index.search(q, { limit: 5 });
  const cpuQps = (fresh.length / (cpuMs() - c0)) * 1000;
  for (let pass = 0; pass < PASSES; pass++) {
    index.clearQueryCaches();
    for (const q of warm.slice(0, 500)) index.search(q, { limit: 5 });
    const r = runPass(index, queries, fastest);
    first ??= r;
  }
  fastest.sort((a, b) => a - b);
  return {
    ...(first as ReturnType<typeof runPass>),
    cpuQps,
    fastestP50: pct(fastest, 50),
    fastestP99: pct(fastest, 99),
  };
}

function runPass(index: MemoryScreeningIndex, queries: BenchQuery[], fastest: number[]) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let found = 0;
  let innocentAlerts = 0;
  const namesFound: number[] = [];
  const postings: number[] = [];
  const t0 = performance.now();
  const c0 = cpuMs();
  queries.forEach((q, i) => {
    const s = performance.now();
    const c = cpuMs();
    const hits = index.search(q, { limit: 5 });
    const cpu = cpuMs() - c;
    cpuTimes.push(cpu);
    times.push(performance.now() - s);
    if (cpu < (fastest[i] as number)) fastest[i] = cpu;
    const work = index.lastSearchWork();
    namesFound.push(work.found);
    postings.push(work.postings);
    if (q.member) {
      if (hits.some((h) => `${h.listId}/${h.entityId}` === q.member)) found++;
    } else if (hits.length) innocentAlerts++;
  });
  const total = performance.now() - t0;
  const cpuTotal = cpuMs() - c0;
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  namesFound.sort((a, b) => a - b);
  postings.sort((a, b) => a - b);
  return {
    namesFoundP99: pct(namesFound, 99),
    postingsP99: pct(postings, 99),
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
function naiveScan(entities: ListEntity[], queries: ScreeningQuery[], warm: ScreeningQuery[]) {
  const keys: string[] = [];
  for (const e of entities) for (const n of e.names) keys.push(nameKey(n, e.schema));
  const scan = (q: ScreeningQuery) => {
    const k = nameKey(q.name ?? '', q.schema);
    let best = 0;
    for (const key of keys) {
      const v = jaroWinkler(k, key);
      if (v > best) best = v;
    }
    return best;
  };
  for (const q of warm) if (scan(q) < 0) console.log('unreachable');
  const times: number[] = [];
  const t0 = cpuMs();
  for (const q of queries) {
    const s = cpuMs();
    const best = scan(q);
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
  const warm = makeQueries(entities, WARM_QUERIES, seed + 1000);
  const r = runQueries(index, queries, warm, makeQueries(entities, queryCount, seed + 2000));
  console.log(`queries ${queries.length} (half perturbed list members, half innocent)`);
  console.log(`wall: latency p50 ${fmt(r.p50, 3)} ms  p99 ${fmt(r.p99, 3)} ms  throughput ${fmt(r.qps, 0)} queries/s`);
  console.log(
    `CPU:  latency p50 ${fmt(r.cpuP50, 3)} ms  p99 ${fmt(r.cpuP99, 3)} ms  throughput ${fmt(r.cpuQps, 0)} queries/CPU-s (one core)`,
  );
  console.log(
    `CPU, fastest of ${PASSES} identical passes per query: p50 ${fmt(r.fastestP50, 3)} ms  p99 ${fmt(r.fastestP99, 3)} ms`,
  );
  console.log(
    `retrieval work per query, p99: ${r.postingsP99} postings read, ${r.namesFoundP99} names given a scratch record`,
  );
  const members = queries.filter((q) => q.member).length;
  console.log(
    `perturbed members found in top 5: ${fmt((100 * r.found) / members, 1)}%; ` +
      `innocent queries with an alert: ${fmt((100 * r.innocentAlerts) / (queries.length - members), 1)}%`,
  );
  const naive = naiveScan(entities, queries.slice(0, naiveCount), warm.slice(0, 20));
  console.log(
    `naive Jaro-Winkler scan, CPU (${naiveCount} queries): p50 ${fmt(naive.p50, 2)} ms  p99 ${fmt(naive.p99, 2)} ms  ` +
      `${fmt(naive.qps, 1)} queries/CPU-s  -> index is ${fmt(r.cpuQps / naive.qps, 0)}x faster`,
  );
  return {
    index,
    ratio: r.cpuQps / naive.qps,
    queries: queries.length,
    buildS: ms / 1000,
    heapTotal,
    cpuP99: r.cpuP99,
    fastestP99: r.fastestP99,
    p99: r.p99,
    queryList: queries,
    warmList: warm,
    names: index.nameCount(),
    innocentMixed: r.innocentAlerts / (queries.length - members),
    membersFound: r.found / members,
  };
}

/**
 * Runs one of this folder's scripts in a new process (node + tsx, with `nodeArgs` before them) and answers the JSON
 * object on the last line it prints.
 */
function childJson<T>(script: string, args: string[], nodeArgs: string[] = []): T {
  const out = execFileSync(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(path.dirname(self), script), ...args],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out.trim().split('\n').pop() as string) as T;
}

/**
 * Saves the index as a snapshot, loads it in a new process (node + tsx) that answers the first `checked` queries,
 * and compares the answers with this process's (the load time measured in the child, whether every answer was the
 * same); then a second new process at one core (node --single-threaded) answers the warm-up queries untimed and all
 * of `queries` timed.
 */
function snapshotCheck(
  index: MemoryScreeningIndex,
  queries: ScreeningQuery[],
  checked: number,
  warm: ScreeningQuery[],
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'regcheck-bench-snapshot-'));
  try {
    const versions = { bench: 'synthetic-1m', ofac: '2024-05-03', onu: '2026-02-27' };
    const t0 = performance.now();
    const file = saveSnapshot(dir, index, versions);
    const saveS = (performance.now() - t0) / 1000;
    const size = fs.statSync(file).size;
    const write = (name: string, qs: ScreeningQuery[]) => {
      const f = path.join(dir, name);
      fs.writeFileSync(f, JSON.stringify(qs));
      return f;
    };
    const hashed = queries.slice(0, checked);
    const hash = createHash('sha256');
    for (const q of hashed) hash.update(`${JSON.stringify(index.search(q, { limit: 5 }))}\n`);
    const res = childJson<{ loadS: number; loadCpuS: number; sha256: string; heapMb: number }>('snapshot-load.ts', [
      dir,
      JSON.stringify(versions),
      write('queries.json', hashed),
    ]);
    const oneCore = childJson<{
      queries: number;
      cpuP50: number;
      cpuP99: number;
      cpuMax: number;
      wallP50: number;
      wallP99: number;
    }>(
      'snapshot-serve.ts',
      [dir, JSON.stringify(versions), write('warm.json', warm), write('timed.json', queries)],
      ['--single-threaded'],
    );
    return {
      oneCore,
      saveS,
      sizeMb: size / 1048576,
      loadS: res.loadS,
      loadCpuS: res.loadCpuS,
      same: res.sha256 === hash.digest('hex'),
      heapMb: res.heapMb,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function main() {
  const t0 = performance.now();
  const { ofac, un } = realLists();
  // (un is also used for the UN members' recall below)
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
  const unRec = unRecall(lists.index, un, QUICK ? 1000 : 3000, 31);
  console.log(
    `\n## UN members (all ${un.length} entries, names in every script) with a typo, another romanisation, reordered, ` +
      `a dropped part or other case, found in the top 5 at the default threshold: ${fmt(100 * unRec.rate, 2)}% of ${unRec.count}; ` +
      `raised as a hit (the screening shows every hit at or above the threshold): ${fmt(100 * unRec.alertRate, 2)}%`,
  );
  for (const m of unRec.missed) console.log(`  missed: ${m}`);
  let scale: ReturnType<typeof report> | null = null;
  let innocent10: ReturnType<typeof innocentRate> | null = null;
  let snap: ReturnType<typeof snapshotCheck> | null = null;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const summary = () => {
    // The labelled pairs last: nothing but the index's own work runs before its speed is taken (decision 311).
    console.log(
      '\n# Screening quality, out of sample (labelled pairs in packages/screening; threshold is the default)',
    );
    const q = qualityReport();
    for (const l of q.lines) console.log(l);
    console.log('\n## Summary');
    console.log(
      `engine (alignment score >= ${DEFAULT_THRESHOLD}, what alerts), held-out fifth: P ${fmt(q.engineHeld.precision, 3)} ` +
        `R ${fmt(q.engineHeld.recall, 3)} F1 ${fmt(q.engineHeld.f1, 3)} (target >= 0.90: ${met(q.engineHeld.f1 >= 0.9)}), ` +
        `STRONG ${q.engineHeld.strongOk}/${q.engineHeld.strong}; training part F1 ${fmt(q.engineTrain.f1, 3)}`,
    );
    console.log(
      `model (probability >= ${MODEL_WEIGHTS.threshold}), tuned (training part, ${q.tuned.pairs} pairs): F1 ${fmt(q.tuned.f1, 3)}; five-fold cross-validated: F1 ` +
        `${fmt(q.cvMean, 3)} +- ${fmt(q.cvSd, 3)}; held-out fifth (${q.heldOut.pairs} pairs, never fitted on): ` +
        `P ${fmt(q.heldOut.precision, 3)} R ${fmt(q.heldOut.recall, 3)} F1 ${fmt(q.heldOut.f1, 3)} ` +
        `(target >= 0.90: ${met(q.heldOut.f1 >= 0.9)}), STRONG ${q.heldOut.strongOk}/${q.heldOut.strong} ` +
        `(${met(q.heldOut.strongOk === q.heldOut.strong)})`,
    );
    console.log(
      `organisations, held-out: F1 ${fmt(q.heldOutOrg.f1, 3)} (the alignment rules alone: ${fmt(q.heldOutRuleOrg.f1, 3)}); ` +
        `against logic-v2's F1 as quoted in issue 26 (OpenSanctions' whole benchmark, not rerun here), engine ` +
        `held-out / model held-out / model cross-validated: ` +
        q.logicV2
          .filter((r) => r.quoted !== null)
          .map(
            (r) =>
              `${r.label} ${fmt(r.engineHeld.f1, 3)} / ${fmt(r.modelHeld.f1, 3)} / ${fmt(r.modelCv.f1, 3)} ` +
              `(${r.engineHeld.pairs} / ${r.modelCv.pairs} pairs) against ${fmt(r.quoted as number, 2)}`,
          )
          .join('; '),
    );
    console.log(
      `UN members raised as a hit: ${fmt(100 * unRec.alertRate, 2)}% (target >= 99.5%: ${met(unRec.alertRate >= 0.995)}); ` +
        `in the top 5: ${fmt(100 * unRec.rate, 2)}%; ` +
        `had the model decided (probability >= ${MODEL_WEIGHTS.threshold}): ${fmt(100 * unRec.modelRate, 2)}%`,
    );
    console.log(
      `OFAC + UN, ${lists.queries} queries in one process: the index is ${fmt(lists.ratio, 0)}x faster per query ` +
        `than a naive best-pairs Jaro-Winkler scan measured in the same run (target >= 100x: ${lists.ratio >= 100 ? 'met' : 'NOT met'})`,
    );
    console.log(
      `innocent Latin American people with a hit on OFAC + UN: ${fmt(100 * innocent.rate, 3)}% of ${INNOCENT} (target <= 0.2%: ${met(innocent.rate <= 0.002)}); ` +
        `had the model decided: ${fmt(100 * innocent.modelRate, 3)}%`,
    );
    if (scale) {
      console.log(
        `${scale.names} names: build ${fmt(scale.buildS, 1)} s (target < 60 s: ${met(scale.buildS < 60)}), ` +
          `process heap ${fmt(scale.heapTotal, 0)} MB (target < 1,536 MB: ${met(scale.heapTotal < 1536)}), ` +
          `CPU p99 ${fmt(scale.cpuP99, 2)} ms (fastest of ${PASSES} passes: ${fmt(scale.fastestP99, 2)} ms), wall p99 ${fmt(scale.p99, 2)} ms (target < 5 ms at one core: ` +
          `${met(scale.cpuP99 < 5)} on the first pass's CPU time, ${met(scale.fastestP99 < 5)} on the fastest of ${PASSES}` +
          `${snap ? `, ${met(snap.oneCore.cpuP99 < 5)} in a new process at one core: CPU p99 ${fmt(snap.oneCore.cpuP99, 2)} ms` : ''}), index ${fmt(scale.ratio, 0)}x faster than the naive scan ` +
          `(target >= 100x: ${met(scale.ratio >= 100)}); of its mixed queries, innocent people and companies ` +
          `with an alert ${fmt(100 * scale.innocentMixed, 1)}%, perturbed members found ${fmt(100 * scale.membersFound, 1)}%`,
      );
    }
    if (innocent10)
      console.log(
        `innocent Latin American people with a hit at 10x: ${fmt(100 * innocent10.rate, 2)}% of ${INNOCENT_10X} ` +
          `(target <= 2%: ${met(innocent10.rate <= 0.02)}); had the model decided: ${fmt(100 * innocent10.modelRate, 2)}%`,
      );
    if (snap)
      console.log(
        `snapshot of the ${scale?.names} names: ${fmt(snap.sizeMb, 0)} MB written in ${fmt(snap.saveS, 1)} s; ` +
          `a new process loaded it in ${fmt(snap.loadS, 2)} s wall, ${fmt(snap.loadCpuS, 2)} s CPU (target < 5 s: ` +
          `${met(snap.loadS < 5)} on wall time, ${met(snap.loadCpuS < 5)} on CPU time) and answered ` +
          `${snap.same ? 'exactly as' : 'DIFFERENTLY from'} the builder`,
      );
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
  };
  if (LISTS_ONLY) return summary();

  let synthetic: ListEntity[] | null = scaleCorpus(real);
  scale = report(
    `Synthetic corpus of ${SCALE_NAMES} names (real names recombined and perturbed)`,
    synthetic,
    QUICK ? 2000 : 10000,
    QUICK ? 10 : 30,
    2,
  );
  synthetic = null;
  innocent10 = innocentRate(scale.index, INNOCENT_10X, 29);
  console.log(
    `innocent Latin American names against the large corpus: ${innocent10.alerted} of ${INNOCENT_10X} raise a hit ` +
      `(${fmt(100 * innocent10.rate, 2)}%)`,
  );
  for (const e of innocent10.examples.slice(0, 5)) console.log(`  ${e}`);
  snap = snapshotCheck(scale.index, scale.queryList, QUICK ? 300 : 1000, scale.warmList);
  console.log(
    `snapshot: ${fmt(snap.sizeMb, 0)} MB, saved in ${fmt(snap.saveS, 1)} s, loaded by a new process in ` +
      `${fmt(snap.loadS, 2)} s (its heap ${fmt(snap.heapMb, 0)} MB), answers ${snap.same ? 'identical' : 'DIFFERENT'}`,
  );
  console.log(
    `a new process at one core (node --single-threaded) on the snapshot, after ${scale.warmList.length} warm-up queries: ` +
      `${snap.oneCore.queries} queries, CPU p50 ${fmt(snap.oneCore.cpuP50, 3)} ms  p99 ${fmt(snap.oneCore.cpuP99, 3)} ms  ` +
      `max ${fmt(snap.oneCore.cpuMax, 1)} ms; wall p50 ${fmt(snap.oneCore.wallP50, 3)} ms  p99 ${fmt(snap.oneCore.wallP99, 3)} ms`,
  );
  scale.index = createIndex([]);

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

const load = machineLoad('bench:screening');
main();
load.end();
