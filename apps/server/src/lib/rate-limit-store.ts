import { hmac } from './crypto';
import type { ExpiringCounters } from './expiring-counters';

/**
 * The store of the per-address rate limits (@fastify/rate-limit's `store`) over the installation's expiring counters
 * (decision 207): in the process's memory on the embedded database, in PostgreSQL when several API nodes share it,
 * so a client gets the limit once, not once per node. A key is forgotten as soon as its window is over (the plugin's
 * own store kept up to 5,000 keys until newer ones pushed them out), and it is stored as an HMAC of the route and the
 * client's key with the installation's secret, never as the address. A fixed window, no ban, no backoff: the
 * options this project uses.
 */
type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** What the plugin passes to `child`: its merged options, the route under `routeInfo` (its types say the route). */
interface RouteOf {
  method?: string | string[];
  url?: string;
}

export function rateLimitStoreOf(counters: ExpiringCounters, secret: string) {
  return class CounterRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly scope = '*',
    ) {}

    private key(key: string) {
      return `rl:${hmac(secret, `${this.scope}|${key}`)}`;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      counters.hit(this.key(key), timeWindow).then(
        (s) => cb(null, { current: s.count, ttl: s.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      counters.peek(this.key(key)).then(
        (s) => cb(null, { current: s.count, ttl: s.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    /** A route's own limit counts apart from every other route's (as the plugin's stores do). */
    child(params: object) {
      const route: RouteOf = (params as { routeInfo?: RouteOf }).routeInfo ?? (params as RouteOf);
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      return new CounterRateLimitStore(undefined, `${method} ${route.url}`);
    }
  };
}
