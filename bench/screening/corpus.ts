// Corpora of the screening benchmarks: the real lists (OFAC 2024 + UN), a synthetic corpus of about 1,000,000 names
// that recombines and perturbs their words, and the mixed queries (perturbed list members, innocent names).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ListEntity, ScreeningQuery } from '../../packages/screening/src/index';
import { loadListPath } from '../../packages/screening/src/lists.load';
import { latinCompany, latinPerson, type Perturbation, perturb, pick, rng } from '../../packages/screening/test/synth';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared data directory's lists (benchmarks only: tests never read ../shared/data). */
export const listsData = path.resolve(repoRoot, '../shared/data/lists');

/** Names in the synthetic corpus (real lists included). */
export const SCALE_NAMES = 1_000_000;

/** OFAC SDN 2024-05-03 and the UN consolidated list of 2026-02-27. */
export function realLists(): { ofac: ListEntity[]; un: ListEntity[] } {
  return {
    ofac: loadListPath(path.join(listsData, 'ofac-sdn-2024-05-03')),
    un: loadListPath(path.join(listsData, 'un/consolidated-2026-02-27.xml')),
  };
}

/** The corpus of the 1,000,000-name figures: raw names are generated until about SCALE_NAMES remain after the index folds identical spellings. */
export function scaleCorpus(real: ListEntity[], targetNames = SCALE_NAMES): ListEntity[] {
  return syntheticCorpus(real, Math.round(targetNames * 1.19), 7);
}

export type BenchQuery = ScreeningQuery & { member?: string };

export /** Realistic mix: half list members written with typos, reordering, dropped parts or other spellings; half innocent. */
function makeQueries(entities: ListEntity[], n: number, seed: number): BenchQuery[] {
  const r = rng(seed);
  const kinds: Perturbation[] = ['typo', 'reorder', 'drop', 'variant', 'case'];
  const out: BenchQuery[] = [];
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

export /** Synthetic corpus of about `targetNames` names recombining and perturbing real list tokens. */
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
