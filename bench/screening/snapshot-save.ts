// How long saving the screening index's snapshot holds the event loop (decision 252): the index of the real lists
// (OFAC 2024 + UN) and, with NAMES set, of a synthetic corpus of that many names, encoded at once (encodeSnapshot,
// one piece) and in slices (encodeSnapshotInSlices, as a server saves it), with a 2 ms timer measuring the longest
// gap between its ticks. Run: `npx tsx bench/screening/snapshot-save.ts` (NAMES=1000000 for the million-name index).
import os from 'node:os';
import {
  createIndex,
  encodeSnapshot,
  encodeSnapshotInSlices,
  type ListEntity,
} from '../../packages/screening/src/index';
import { realLists, scaleCorpus } from './corpus';

const NAMES = Number(process.env.NAMES ?? 0);
const real = realLists();
const entities: ListEntity[] = [...real.ofac, ...real.un];
const corpus = NAMES > 0 ? scaleCorpus(entities, NAMES) : entities;
const b0 = performance.now();
const index = createIndex(corpus);
const buildS = (performance.now() - b0) / 1000;
const versions = { bench: NAMES > 0 ? `synthetic-${NAMES}` : 'real', ofac: '2024-05-03', onu: '2026-02-27' };

const t0 = performance.now();
const once = encodeSnapshot(index, versions);
const onceMs = performance.now() - t0;

let last = performance.now();
let longest = 0;
let ticks = 0;
const timer = setInterval(() => {
  const now = performance.now();
  longest = Math.max(longest, now - last);
  last = now;
  ticks++;
}, 2);
const s0 = performance.now();
const sliced = await encodeSnapshotInSlices(index, versions);
const slicedMs = performance.now() - s0;
clearInterval(timer);

const load = os.loadavg()[0] ?? 0;
console.log(
  `snapshot save: ${corpus.length.toLocaleString('en')} entities, ${index.nameCount().toLocaleString('en')} names ` +
    `(index built in ${buildS.toFixed(1)} s), ${(once.length / 1048576).toFixed(1)} MB\n` +
    `  at once:   ${Math.round(onceMs)} ms, all of it one stall\n` +
    `  in slices: ${Math.round(slicedMs)} ms in all, longest stall ${Math.round(longest)} ms (${ticks} timer ticks ran)\n` +
    `  same size: ${once.length === sliced.size}; load average ${load.toFixed(1)} on ${os.cpus().length} cores` +
    `${load > os.cpus().length ? ' (BUSY MACHINE: upper bounds)' : ''}`,
);
