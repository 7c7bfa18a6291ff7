import { describe, expect, it } from 'vitest';
import { createIndex, type ListEntity } from '../src/index';

const people: ListEntity[] = [
  { id: '1', listId: 'ofac', schema: 'Person', names: ['PEREZ SOTO, Juan Carlos', 'El Flaco'] },
  { id: '2', listId: 'ofac', schema: 'Person', names: ['GONZALEZ RODRIGUEZ, Maria Jose'] },
  { id: '3', listId: 'onu', schema: 'Organization', names: ['Inversiones El Roble S.A.'] },
  {
    id: '4',
    listId: 'onu',
    schema: 'Person',
    names: ['Joao da Silva'],
    identifiers: [{ type: 'cpf', value: '529.982.247-25' }],
  },
];

describe('ScreeningIndex', () => {
  it('finds list members written differently, best first, with an explanation', () => {
    const index = createIndex(people);
    expect(index.size()).toBe(4);
    const hits = index.search({ name: 'Juan Carlos Peres Soto', schema: 'Person' });
    expect(hits[0]).toMatchObject({ entityId: '1', listId: 'ofac', name: 'PEREZ SOTO, Juan Carlos' });
    expect(hits[0]?.explanation.parts.some((p) => p.kind === 'fuzzy' || p.kind === 'phonetic')).toBe(true);
    expect(index.search({ name: 'Maria Gonzalez' })[0]?.entityId).toBe('2');
    expect(index.search({ name: 'INVERSIONES EL ROBLE SPA', schema: 'Company' })[0]?.entityId).toBe('3');
    expect(index.search({ name: 'Joao Silva' })[0]?.entityId).toBe('4');
    expect(index.search({ name: 'Pedro Ramirez Fuentes' })).toEqual([]);
  });

  it('finds a name written in Chinese characters from its pinyin', () => {
    const index = createIndex([{ id: 'x', listId: 'l', schema: 'Person', names: ['习近平'] }]);
    expect(index.search({ name: 'Xi Jinping' })[0]?.entityId).toBe('x');
    expect(index.search({ name: '习近平' })[0]?.score).toBe(1);
  });

  it('decides on an identical identifier', () => {
    const index = createIndex(people);
    const [hit] = index.search({ name: 'Nobody', identifiers: [{ type: 'cpf', value: '52998224725' }] });
    expect(hit).toMatchObject({ entityId: '4', score: 1 });
  });

  it('filters by list, limits and honours the threshold', () => {
    const index = createIndex(people);
    expect(index.search({ name: 'Juan Carlos Perez Soto' }, { lists: ['onu'] })).toEqual([]);
    expect(index.search({ name: 'Juan Perez' }, { threshold: 0.99 })).toEqual([]);
    expect(index.search({ name: 'Juan Perez' }, { threshold: 0, limit: 1 })).toHaveLength(1);
  });

  it('adds, removes and replaces lists', () => {
    const index = createIndex();
    for (const e of people) index.add(e);
    expect(index.search({ name: 'Juan Carlos Perez Soto' })).toHaveLength(1);
    index.remove('ofac', '1');
    expect(index.size()).toBe(3);
    expect(index.search({ name: 'Juan Carlos Perez Soto' })).toEqual([]);
    index.replaceList('onu', [{ id: '9', listId: 'onu', schema: 'Person', names: ['Juan Carlos Perez Soto'] }]);
    expect(index.size()).toBe(2);
    expect(index.search({ name: 'Inversiones El Roble' })).toEqual([]);
    expect(index.search({ name: 'Juan Carlos Perez Soto' })[0]?.entityId).toBe('9');
    // re-adding the same id replaces it
    index.add({ id: '9', listId: 'onu', schema: 'Person', names: ['Pedro Pablo Rojas'] });
    expect(index.size()).toBe(2);
    expect(index.search({ name: 'Pedro Pablo Rojas' })[0]?.entityId).toBe('9');
    expect(index.search({ name: 'Juan Carlos Perez Soto' })).toEqual([]);
  });

  it('screens customers the other way round (list entry against the customer index)', () => {
    const fichas = createIndex(
      Array.from({ length: 2000 }, (_, i) => ({
        id: `f${i}`,
        listId: 'fichas',
        schema: 'Person' as const,
        names: [`Cliente ${i} Numero`],
      })).concat([{ id: 'target', listId: 'fichas', schema: 'Person', names: ['Juan Carlos Pérez Soto'] }]),
    );
    const hits = fichas.search({ name: 'PEREZ SOTO, Juan Carlos', schema: 'Person' });
    expect(hits.map((h) => h.entityId)).toEqual(['target']);
  });

  it('a single-word alias is not crowded out of the candidates by rarer spellings of its word (decision 300)', () => {
    // "Nasser" is in 100 names, "Naser" alone (a rarer spelling, so weighing more by its rarity) in 60: more than
    // the 48 candidates a query scores in full. The alias "Nasser" alone must still be one of them.
    const entities: ListEntity[] = [
      { id: 'target', listId: 'onu', schema: 'Person', names: ['QUILODRAN BRETT, Ovidio', 'Nasser'] },
    ];
    for (let i = 0; i < 100; i++)
      entities.push({ id: `common${i}`, listId: 'onu', schema: 'Person', names: [`Nasser Family${i}a Other${i}b`] });
    for (let i = 0; i < 60; i++) entities.push({ id: `rare${i}`, listId: 'ofac', schema: 'Person', names: ['Naser'] });
    const hits = createIndex(entities).search({ name: 'Nasser', schema: 'Person' }, { limit: 100 });
    const target = hits.find((h) => h.entityId === 'target');
    expect(target?.score).toBe(1);
    expect(hits[0]?.score).toBe(1);
  });
});
