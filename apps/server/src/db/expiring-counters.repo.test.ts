import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { memoryCounters } from '../lib/expiring-counters';
import { type DatabaseHandle, openDatabase, PGLITE_EXTENSIONS } from './database';
import { sqlCounters } from './expiring-counters.repo';

/**
 * The counters several API nodes share on PostgreSQL (decision 207), here as two `sqlCounters` over one database —
 * what two nodes are to it — and the memory backend of a single process beside them, which must count the same.
 */
let h: DatabaseHandle;
beforeAll(async () => {
  // the migrated database of the suite's global setup
  const dump = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  h = await openDatabase({ pglite: await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS }) });
});
afterAll(async () => {
  await h?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('expiring counters shared through the database', () => {
  it('two nodes counting one key see the sum, and each key counts apart', async () => {
    const a = sqlCounters(h.db);
    const b = sqlCounters(h.db);
    expect((await a.hit('k1', 60_000)).count).toBe(1);
    expect((await b.hit('k1', 60_000)).count).toBe(2);
    const third = await a.hit('k1', 60_000);
    expect(third.count).toBe(3);
    expect(third.ttlMs).toBeGreaterThan(0);
    expect(third.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await b.hit('k2', 60_000)).count).toBe(1);
    expect((await b.peek('k1')).count).toBe(3);
    await a.clear('k1');
    expect((await b.peek('k1')).count).toBe(0);
  });

  it('calls at the same moment from both nodes lose no count', async () => {
    const a = sqlCounters(h.db);
    const b = sqlCounters(h.db);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('burst', 60_000)));
    expect((await a.peek('burst')).count).toBe(20);
  });

  it('a window that has ended starts again at 1, and a peek no longer sees it', async () => {
    const a = sqlCounters(h.db);
    await a.hit('short', 50);
    await a.hit('short', 50);
    await sleep(120); // at least the window; a slower machine only waits longer
    expect((await a.peek('short')).count).toBe(0);
    expect((await a.hit('short', 50)).count).toBe(1);
  });

  it('a claim is won once, by whichever node comes first, until it expires', async () => {
    const a = sqlCounters(h.db);
    const b = sqlCounters(h.db);
    const until = Date.now() + 60_000;
    const results = await Promise.all([a.claim('pow:x', until), b.claim('pow:x', until), a.claim('pow:x', until)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await b.claim('pow:x', until)).toBe(false);
    expect(await a.claim('pow:y', until)).toBe(true);
    // an expired claim can be taken again (a challenge past its end is refused before it gets here)
    expect(await a.claim('pow:old', Date.now() + 50)).toBe(true);
    await sleep(120);
    expect(await b.claim('pow:old', Date.now() + 60_000)).toBe(true);
  });

  it('the memory backend of a single process counts the same way', async () => {
    let now = 1_000;
    const m = memoryCounters(() => now);
    expect((await m.hit('k', 1_000)).count).toBe(1);
    expect((await m.hit('k', 1_000)).count).toBe(2);
    expect(await m.claim('c', now + 1_000)).toBe(true);
    expect(await m.claim('c', now + 1_000)).toBe(false);
    now += 1_000;
    expect((await m.peek('k')).count).toBe(0);
    expect((await m.hit('k', 1_000)).count).toBe(1);
    expect(await m.claim('c', now + 1_000)).toBe(true);
    expect(m.size()).toBe(2);
  });
});
