import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createIndex, type EntitySchema, type ListEntity, type ScreeningQuery } from '../src/index';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

// Recall and false alerts on a small fixture list written for these cases: organisations with legal-form variants
// and "the", numbers written as words, names in another order or split across fields, initials, compound Spanish
// and Portuguese surnames, transliterated Arabic, Russian and Chinese names; and common Latin American names that
// must not alert.
const list = JSON.parse(readFileSync(path.join(fixtures, 'small-list.json'), 'utf8')) as ListEntity[];
const index = createIndex(list);

function top(q: ScreeningQuery) {
  return index.search(q, { limit: 1 })[0];
}

describe('finds list members written differently (fixture list, default threshold)', () => {
  it.each([
    ['Blue Ocean Trading Co. Ltd', 'Unknown', 'o1'],
    ['BLUE OCEAN TRADING COMPANY LTD', 'Company', 'o1'],
    ['Blue Ocean Trading', 'Unknown', 'o1'],
    ['Comercializadora Andina S.A.', 'Company', 'o2'],
    ['Comercializadora Andina SA', 'Unknown', 'o2'],
    ['7 Seas Shipping L.L.C.', 'Company', 'o3'],
    ['1st Capital Holdings Limitada', 'Company', 'o4'],
    ['Ocean Star Seven', 'Vessel', 'v1'],
    ['Ocean Star VII', 'Unknown', 'v1'],
  ] as [string, EntitySchema, string][])('organisation or vessel %s (%s)', (name, schema, id) => {
    expect(top({ name, schema })?.entityId).toBe(id);
  });

  it.each([
    ['Soto Perez Juan Carlos', 'p1'],
    ['Pérez Soto Juan Carlos', 'p1'],
    ['Jianguo Wang', 'p7'],
  ])('a name in another order: %s', (name, id) => {
    expect(top({ name, schema: 'Person' })).toMatchObject({ entityId: id, score: 1 });
  });

  it('a name split across fields (given names, father’s and mother’s family names)', () => {
    const hit = top({ name: 'Juan Carlos', fatherName: 'Pérez', motherName: 'Soto', schema: 'Person' });
    expect(hit).toMatchObject({ entityId: 'p1', score: 1 });
  });

  it.each(['J. C. Pérez Soto', 'Juan C. Perez Soto'])('initials: %s', (name) => {
    const hit = top({ name, schema: 'Person' });
    expect(hit?.entityId).toBe('p1');
    expect(hit?.explanation.parts.some((p) => p.kind === 'initial')).toBe(true);
  });

  it.each([
    ['María de los Ángeles García del Río', 'p2'],
    ['Maria Angeles Garcia Rio', 'p2'],
    ['Luiz Inácio da Silva', 'p3'],
    ['Luiz Inacio Silva Santos', 'p3'],
    ['José Ortega Gasset', 'p4'],
    ['Jose Ortega y Gasset', 'p4'],
    ['João Santos Ferreira', 'p8'],
    ['Joao dos Santos', 'p8'],
  ])('compound Spanish and Portuguese surnames: %s', (name, id) => {
    expect(top({ name, schema: 'Person' })?.entityId).toBe(id);
  });

  it.each([
    ['Mohammed Abdul Rahman Al Masri', 'p5'],
    ['Mohamed Abdelrahman El-Masry', 'p5'],
    ['محمد عبد الرحمن المصري', 'p5'],
    ['Sergey Ivanov', 'p6'],
    ['Serguei Ivanov', 'p6'],
    ['Sergei Borisovich Ivanoff', 'p6'],
    ['Сергей Иванов', 'p6'],
    ['Wang Jian Guo', 'p7'],
    ['王建国', 'p7'],
  ])('transliterated Arabic, Russian and Chinese names: %s', (name, id) => {
    expect(top({ name, schema: 'Person' })?.entityId).toBe(id);
  });
});

describe('does not alert on innocent common names (fixture list, default threshold)', () => {
  it.each([
    // the list names' second given name and second family name only (people go by their first ones)
    ['Carlos Soto', 'Person'],
    ['Luis Enríquez', 'Person'],
    // Juana is not Juan
    ['Juana Pérez Soto', 'Person'],
    ['María Fernández', 'Person'],
    ['José García', 'Person'],
    ['Maria da Silva', 'Person'],
    ['Juan Luis Díaz', 'Person'],
    ['Blue Sky Trading Ltd', 'Company'],
    ['Comercializadora Austral SA', 'Company'],
  ] as [string, EntitySchema][])('%s', (name, schema) => {
    expect(index.search({ name, schema })).toEqual([]);
  });
});

/** A made-up word: prefix and i in letters ("zqa", "zqb", ..., "zqba"). */
function madeUp(prefix: string, i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `${prefix}${s}`;
}

describe('rarity of the words a partial match rests on, computed from the indexed lists', () => {
  const targets: ListEntity[] = [
    { id: 't1', listId: 'fixture', schema: 'Person', names: ['GONZALEZ TREVINO, Juan Nepomuceno'] },
    { id: 't2', listId: 'fixture', schema: 'Person', names: ['RODRIGUEZ GOMEZ, Delcy Eloina'] },
  ];
  // 3,000 listed people with one of 60 given names and one of 60 family names (each in 50 listed names, like
  // "Juan" or "Rodriguez" in the sanctions lists) and a distinctive word of their own.
  const pool = (common: string[], prefix: string) =>
    Array.from({ length: 60 }, (_, k) => common[k] ?? madeUp(prefix, k));
  const given = pool(['Juan', 'Maria', 'Jose'], 'xg');
  const family = pool(['Gonzalez', 'Rodriguez', 'Gomez'], 'xf');
  const background: ListEntity[] = Array.from({ length: 3000 }, (_, i) => ({
    id: `b${i}`,
    listId: 'background',
    schema: 'Person' as const,
    names: [`${family[i % 60]} ${madeUp('zq', i)}, ${given[Math.floor(i / 60) % 60]}`],
  }));
  const small = createIndex(targets);
  const large = createIndex([...background, ...targets]);
  const hit = (ix: typeof small, name: string) =>
    ix.search({ name, schema: 'Person' }, { lists: ['fixture'], limit: 1 })[0]?.entityId;

  it('a partial match on words many listed names share does not alert; the same match does in a list too small to tell', () => {
    expect(hit(small, 'Juan González')).toBe('t1');
    expect(hit(large, 'Juan González')).toBeUndefined();
    const [h] = small.search({ name: 'Juan González', schema: 'Person' });
    expect(h?.explanation.summary).not.toContain('common');
  });

  it('a partial match that includes a rare word still alerts', () => {
    expect(hit(large, 'Delcy Rodríguez')).toBe('t2');
    expect(hit(large, 'Juan Nepomuceno González')).toBe('t1');
    expect(hit(large, 'Juan Nepomuceno González Treviño')).toBe('t1');
  });

  it('explains the loss in the summary', () => {
    const [h] = large.search({ name: 'Delcy Rodríguez', schema: 'Person' });
    expect(h?.explanation.summary).toContain('partial match on common or secondary words');
  });
});
