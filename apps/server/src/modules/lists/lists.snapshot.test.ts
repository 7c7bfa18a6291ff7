import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { screen } from '../search/screening.service';
import { currentState } from './lists.index';
import { seedShippedLists } from './lists.seed';

// The one test of the shipped snapshots (tests skip them at start: REGCHECK_SHIP_LISTS is off in tests).
let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedShippedLists>>;
beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedShippedLists(t.deps);
});
afterAll(async () => {
  await t?.close();
});

describe('shipped OFAC and UN snapshots', () => {
  it('are imported when the database has no version, once', async () => {
    expect(seeded.map((s) => s.sourceId)).toEqual(['ofac', 'onu']);
    const lists = (await t.get('admin', '/api/lists')).json();
    expect(lists.find((l: { id: string }) => l.id === 'ofac').entityCount).toBe(14965);
    expect(lists.find((l: { id: string }) => l.id === 'onu').entityCount).toBe(1003);
    expect(await seedShippedLists(t.deps)).toEqual([]);
    expect(currentState().index.size()).toBe(14965 + 1003);
  });

  it('screen known names with typos', async () => {
    const r = await screen(t.deps, t.companies.cl, { name: 'Vladimir Vladimirovich Putin', personType: 'natural' });
    expect(r.lists.find((l) => l.listId === 'ofac')?.hits[0]?.name).toBe('PUTIN, Vladimir Vladimirovich');
    const k = await screen(t.deps, t.companies.cl, { name: 'Ramzan Kadirov' });
    expect(k.lists.find((l) => l.listId === 'ofac')?.hits[0]?.name).toBe('KADYROV, Ramzan Akhmatovich');
    const un = await screen(t.deps, t.companies.cl, { name: 'Eric Badeje' });
    expect(un.lists.find((l) => l.listId === 'onu')?.hits[0]?.name).toBe('ERIC BADEGE');
  });
});
