import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIndex, DEFAULT_THRESHOLD, type ListEntity, type MemoryScreeningIndex } from '../src/index';
import { loadListPath } from '../src/lists.load';
import { listsDir } from './paths';
import { latinCompany, latinPerson, type Perturbation, perturb, rng } from './synth';

// Recall of real list members written with typos, reordered, with a dropped part or another romanisation,
// and the share of innocent Latin American names that raise an alert against OFAC + UN.
let un: ListEntity[] = [];
let ofac: ListEntity[] = [];
let index: MemoryScreeningIndex;

beforeAll(() => {
  un = loadListPath(path.join(listsDir, 'un/consolidated-2026-02-27.xml'));
  ofac = loadListPath(path.join(listsDir, 'ofac-sdn-2024-05-03'));
  index = createIndex([...ofac, ...un]);
});

function recall(kind: Perturbation, sample = 300): number {
  const r = rng(42);
  const people = un.filter((e) => e.schema === 'Person' && (e.names[0] ?? '').split(' ').length >= 2);
  let found = 0;
  let total = 0;
  for (let i = 0; i < sample; i++) {
    const e = people[Math.floor(r() * people.length)] as ListEntity;
    const query = perturb(r, e.names[0] as string, kind);
    total++;
    const hits = index.search({ name: query, schema: 'Person' }, { limit: 10 });
    if (hits.some((h) => h.listId === 'onu' && h.entityId === e.id)) found++;
  }
  return found / total;
}

describe('recall on perturbed UN list members (against OFAC + UN)', () => {
  it.each([
    ['typo', 0.95],
    ['reorder', 0.99],
    ['drop', 0.95],
    ['variant', 0.95],
    ['case', 0.99],
  ] as [Perturbation, number][])('%s: recall >= %s', (kind, min) => {
    const r = recall(kind);
    console.log(`recall ${kind}: ${(r * 100).toFixed(1)}%`);
    expect(r).toBeGreaterThanOrEqual(min);
  });

  it('finds OFAC organisations written with a typo or in another case, queried without a type', () => {
    const r = rng(5);
    const orgs = ofac.filter((e) => e.schema === 'Organization' && (e.names[0] ?? '').split(' ').length >= 2);
    let found = 0;
    const n = 300;
    for (let i = 0; i < n; i++) {
      const e = orgs[Math.floor(r() * orgs.length)] as ListEntity;
      const query = perturb(r, e.names[0] as string, i % 2 ? 'typo' : 'case');
      if (index.search({ name: query }, { limit: 10 }).some((h) => h.entityId === e.id)) found++;
    }
    console.log(`recall OFAC organisations: ${((100 * found) / n).toFixed(1)}%`);
    expect(found / n).toBeGreaterThanOrEqual(0.95);
  });

  it('finds names written in their original script', () => {
    const withScript = un.filter((e) => e.names.some((n) => /[\u0600-\u06ff]/.test(n))).slice(0, 50);
    let found = 0;
    for (const e of withScript) {
      const latin = e.names[0] as string;
      const hits = index.search({ name: latin, schema: e.schema }, { limit: 10 });
      if (hits.some((h) => h.entityId === e.id)) found++;
    }
    expect(found / withScript.length).toBeGreaterThanOrEqual(0.95);
  });
});

describe('false alerts on innocent names', () => {
  it('alerts on fewer than 2% of innocent Latin American people and companies', () => {
    const r = rng(7);
    let alerts = 0;
    const n = 2000;
    const examples: string[] = [];
    for (let i = 0; i < n; i++) {
      const person = i % 5 !== 0;
      const name = person ? latinPerson(r) : latinCompany(r);
      const hits = index.search({ name, schema: person ? 'Person' : 'Company' }, { limit: 1 });
      if (hits.length) {
        alerts++;
        if (examples.length < 10) examples.push(`${name} -> ${hits[0]?.matchedName} (${hits[0]?.score})`);
      }
    }
    console.log(`false alert rate ${((alerts / n) * 100).toFixed(2)}% e.g.\n  ${examples.join('\n  ')}`);
    expect(alerts / n).toBeLessThan(0.02);
  });
});

describe('innocent names at the default threshold (issue 15: fewer than 0.2 %)', () => {
  // the bench screens 50,000 (bench:screening); a few thousand keep this test fast with the same generator and rule
  it('fewer than 0.2 % of 5,000 generated innocent Latin American people raise any hit against OFAC + UN', () => {
    const r = rng(23);
    const n = 5000;
    let alerted = 0;
    const examples: string[] = [];
    for (let i = 0; i < n; i++) {
      const name = latinPerson(r);
      const hits = index.search({ name, schema: 'Person' }, { threshold: DEFAULT_THRESHOLD, limit: 1 });
      if (hits.length) {
        alerted++;
        examples.push(`${name} -> ${hits[0]?.matchedName} (${hits[0]?.score})`);
      }
    }
    console.log(`innocent people with a hit: ${alerted} of ${n} (${((100 * alerted) / n).toFixed(3)}%)`);
    expect(alerted / n, examples.join('\n')).toBeLessThan(0.002);
  });
});

describe('a middle name the query leaves out (decision 310)', () => {
  const hit = (name: string, listName: string) =>
    index.search({ name, schema: 'Person' }, { limit: 50 }).find((h) => h.matchedName === listName);

  it('a listed given name between two matched words costs half: people leave their middle names out', () => {
    expect(hit('Mohammad Ahmadi', 'Mohammad Shafiq Ahmadi')?.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(hit('MOHAMMAD MOHAMMADI', 'MOHAMMAD SHAFIQ MOHAMMADI')?.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('only when the query keeps the listed order: words matched out of order leave no middle name out', () => {
    const inOrder = hit('Mohammad Ahmadi', 'Mohammad Shafiq Ahmadi')?.score ?? 0;
    expect(hit('Ahmadi Mohammad', 'Mohammad Shafiq Ahmadi')?.score ?? 0).toBeLessThan(inOrder - 0.05);
  });

  it('not in a name written in the Spanish manner, whose words after the given names are family names', () => {
    expect(hit('Gustavo Castillo', 'RINCON CASTILLO, Gustavo')).toBeUndefined();
  });
});
