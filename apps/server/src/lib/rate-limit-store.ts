/**
 * The in-memory store of the per-address rate limits (@fastify/rate-limit's `store`). The plugin's own store keeps
 * up to 5,000 keys in an LRU and forgets an address only when newer ones push it out, so a quiet server remembered
 * who called it for as long as it ran. This one forgets a key as soon as its window is over: an expired key is
 * dropped when read, every call sweeps the expired keys (at most once a second), and while a store holds keys a
 * timer (unref'd: it never keeps the process alive) sweeps it once a window, so a server that falls quiet forgets
 * too. Same counting as the plugin's store for the options this project uses (a fixed window, no ban, no backoff).
 */
type Callback = (err: Error | null, res: { current: number; ttl: number }) => void;

interface Entry {
  current: number;
  /** when the window started (ms) */
  start: number;
  window: number;
}

export class ExpiringRateLimitStore {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    _options?: unknown,
    private readonly now: () => number = Date.now,
  ) {}

  private sweep(now: number, force = false) {
    if (!force && now - this.lastSweep < 1_000) return;
    this.lastSweep = now;
    for (const [k, e] of this.entries) if (e.start + e.window <= now) this.entries.delete(k);
  }

  private schedule(window: number) {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sweep(this.now(), true);
      const next = this.entries.values().next().value;
      if (next) this.schedule(next.window);
    }, window + 1_000);
    this.timer.unref();
  }

  incr(key: string, cb: Callback, timeWindow: number) {
    const now = this.now();
    this.sweep(now);
    let e = this.entries.get(key);
    if (!e || e.start + e.window <= now) {
      e = { current: 0, start: now, window: timeWindow };
      this.entries.set(key, e);
      this.schedule(timeWindow);
    }
    e.current++;
    cb(null, { current: e.current, ttl: e.start + e.window - now });
  }

  read(key: string, cb: Callback, timeWindow: number) {
    const now = this.now();
    const e = this.entries.get(key);
    if (!e || e.start + Math.min(e.window, timeWindow) <= now) {
      cb(null, { current: 0, ttl: 0 });
      return;
    }
    cb(null, { current: e.current, ttl: e.start + e.window - now });
  }

  /** A route's own limit gets its own store (as the plugin's store does), with the same clock. */
  child() {
    return new ExpiringRateLimitStore(undefined, this.now);
  }

  /** How many keys are remembered, after dropping the expired ones (tests: they expire). */
  size() {
    this.sweep(this.now(), true);
    return this.entries.size;
  }
}
