/**
 * Counters that forget themselves: the per-address request limits, the spent proof-of-work challenges and the
 * wrong pins of the whistleblowing channel (decision 207). One interface, two backends chosen with the database:
 * an installation on the embedded database is one process, and keeps them in that process's memory (no database
 * write per public request); an installation on PostgreSQL may run several API nodes behind a balancer, and keeps
 * them in the shared table (db/expiring-counters.repo.ts), so a limit, a spent challenge or a lock-out holds on every
 * node. Keys arrive already opaque (an HMAC of an address, a report id or a challenge): callers never pass raw
 * addresses.
 */
export interface CounterState {
  count: number;
  /** milliseconds until the counter is forgotten (0 when there is none) */
  ttlMs: number;
}

export interface ExpiringCounters {
  /** Counts one more; a key that is absent or past its window starts at 1 with a new window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** The live count of a key, without counting (0 when absent or forgotten). */
  peek(key: string): Promise<CounterState>;
  /** Forgets a key at once. */
  clear(key: string): Promise<void>;
  /**
   * Takes a key once until `expiresAt` (ms since the epoch): true for the first caller, false for every later one
   * while it lives, on any node (a spent challenge).
   */
  claim(key: string, expiresAt: number): Promise<boolean>;
}

/** The most keys the memory backend holds; past it, the ones nearest their end are forgotten first. */
const MAX_KEYS = 200_000;

interface Entry {
  count: number;
  /** when it is forgotten (ms) */
  until: number;
}

/**
 * The memory backend: expired keys are dropped when read, and every call sweeps them (at most once a second), so a
 * counter lives no longer than its window whether or not the server stays busy.
 */
export function memoryCounters(now: () => number = Date.now): ExpiringCounters & { size(): number } {
  const entries = new Map<string, Entry>();
  let lastSweep = 0;
  const sweep = (t: number, force = false) => {
    if (!force && t - lastSweep < 1_000) return;
    lastSweep = t;
    for (const [k, e] of entries) if (e.until <= t) entries.delete(k);
    if (entries.size > MAX_KEYS) {
      const oldest = [...entries].sort((a, b) => a[1].until - b[1].until).slice(0, entries.size - MAX_KEYS);
      for (const [k] of oldest) entries.delete(k);
    }
  };
  const live = (key: string, t: number) => {
    const e = entries.get(key);
    if (e && e.until <= t) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async hit(key, windowMs) {
      const t = now();
      sweep(t);
      let e = live(key, t);
      if (!e) {
        e = { count: 0, until: t + windowMs };
        entries.set(key, e);
      }
      e.count++;
      return { count: e.count, ttlMs: e.until - t };
    },
    async peek(key) {
      const t = now();
      const e = live(key, t);
      return e ? { count: e.count, ttlMs: e.until - t } : { count: 0, ttlMs: 0 };
    },
    async clear(key) {
      entries.delete(key);
    },
    async claim(key, expiresAt) {
      const t = now();
      sweep(t);
      if (live(key, t)) return false;
      entries.set(key, { count: 1, until: expiresAt });
      return true;
    },
    size() {
      sweep(now(), true);
      return entries.size;
    },
  };
}
