import { api, type RequestOptions } from './client';

/** A cache entry: the data and when it was fetched (section 3, "Cache entry: data plus timestamp"). */
export interface CacheEntry<T> {
  data: T;
  timestamp: number;
}

/** Section 9: a cache entry is valid 24 hours. */
export const CACHE_VALIDITY_MS = 24 * 60 * 60 * 1000;
const PREFIX = 'rc.cache:';

export interface CacheStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export interface CachedGetOptions extends RequestOptions {
  /** keep at most this many entries of this path prefix (optional per call); the oldest go first */
  maxEntries?: number;
  now?: () => number;
  storage?: CacheStorage;
  fetcher?: (path: string) => Promise<unknown>;
}

function entriesWithPrefix(storage: CacheStorage, prefix: string) {
  const out: { key: string; timestamp: number }[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(prefix)) continue;
    try {
      out.push({ key, timestamp: (JSON.parse(storage.getItem(key) ?? '{}') as CacheEntry<unknown>).timestamp ?? 0 });
    } catch {
      out.push({ key, timestamp: 0 });
    }
  }
  return out.sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * The generic cached GET of section 7: answers the stored data while it is younger than 24 hours, else fetches the
 * path and stores it. A failed fetch is logged and answers null (section 8), so reference data never breaks a page.
 */
export async function cachedGet<T>(path: string, options: CachedGetOptions = {}): Promise<T | null> {
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const now = options.now ?? Date.now;
  const key = `${PREFIX}${path}`;
  if (storage) {
    const raw = storage.getItem(key);
    if (raw) {
      try {
        const entry = JSON.parse(raw) as CacheEntry<T>;
        if (now() - entry.timestamp < CACHE_VALIDITY_MS) return entry.data;
      } catch {
        storage.removeItem(key);
      }
    }
  }
  try {
    const data = (await (options.fetcher ? options.fetcher(path) : api.get<T>(path, options))) as T;
    if (storage) {
      try {
        storage.setItem(key, JSON.stringify({ data, timestamp: now() } satisfies CacheEntry<T>));
        if (options.maxEntries) {
          const group = `${PREFIX}${path.split('?')[0]}`;
          const entries = entriesWithPrefix(storage, group);
          for (const e of entries.slice(0, Math.max(0, entries.length - options.maxEntries))) storage.removeItem(e.key);
        }
      } catch {
        // storage full or unavailable: the data is still answered
      }
    }
    return data;
  } catch (error) {
    console.error('cached GET failed', path, error);
    return null;
  }
}
