import { describe, expect, it, vi } from 'vitest';
import { CACHE_VALIDITY_MS, type CacheStorage, cachedGet } from './cached-get';

function memoryStorage(): CacheStorage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
  };
}

describe('cachedGet', () => {
  it('answers the stored data for 24 hours, then fetches again', async () => {
    const storage = memoryStorage();
    let t = 1_000;
    const fetcher = vi.fn(async () => ({ n: fetcher.mock.calls.length }));
    const opts = { storage, fetcher, now: () => t };
    expect(await cachedGet('/api/countries', opts)).toEqual({ n: 1 });
    t += CACHE_VALIDITY_MS - 1;
    expect(await cachedGet('/api/countries', opts)).toEqual({ n: 1 });
    t += 2;
    expect(await cachedGet('/api/countries', opts)).toEqual({ n: 2 });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxEntries of a path, dropping the oldest', async () => {
    const storage = memoryStorage();
    let t = 0;
    const fetcher = async (p: string) => p;
    for (const q of ['a', 'b', 'c']) {
      t += 10;
      await cachedGet(`/api/regions?filter=${q}`, { storage, fetcher, now: () => t, maxEntries: 2 });
    }
    expect(storage.length).toBe(2);
    expect(storage.getItem('rc.cache:/api/regions?filter=a')).toBeNull();
  });

  it('logs a failed fetch and answers null', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await cachedGet('/api/broken', {
      storage: memoryStorage(),
      fetcher: async () => Promise.reject(new Error('down')),
    });
    expect(res).toBeNull();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
