import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { memoryCounters } from '../lib/expiring-counters';
import { type DatabaseHandle, type Db, openDatabase } from './database';
import { sqlCounters } from './expiring-counters.repo';

/**
 * The counters several API nodes share on PostgreSQL (decision 207), here as two `sqlCounters` — what two nodes are
 * to the database — and the memory backend of a single process beside them, which must count the same. On
 * PostgreSQL (TEST_DATABASE_URL) the second one has a connection pool of its own, as a second node has; on the
 * embedded database both share its one connection.
 */
let t: TestApp;
let second: DatabaseHandle | undefined;
let dbA: Db;
let dbB: Db;
beforeAll(async () => {
  t = await createTestApp();
  dbA = t.deps.db;
  const url = t.deps.config.databaseUrl;
  if (url) second = await openDatabase({ databaseUrl: url, poolSize: 2 });
  dbB = second?.db ?? dbA;
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('expiring counters shared through the database', () => {
  it('two nodes counting one key see the sum, and each key counts apart', async () => {
    const a = sqlCounters(dbA);
    const b = sqlCounters(dbB);
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
    const a = sqlCounters(dbA);
    const b = sqlCounters(dbB);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('burst', 60_000)));
    expect((await a.peek('burst')).count).toBe(20);
  });

  it('a window that has ended starts again at 1, and a peek no longer sees it', async () => {
    const a = sqlCounters(dbA);
    await a.hit('short', 50);
    await a.hit('short', 50);
    await sleep(120); // at least the window; a slower machine only waits longer
    expect((await a.peek('short')).count).toBe(0);
    expect((await a.hit('short', 50)).count).toBe(1);
  });

  it('a claim is won once, by whichever node comes first, until it expires', async () => {
    const a = sqlCounters(dbA);
    const b = sqlCounters(dbB);
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
