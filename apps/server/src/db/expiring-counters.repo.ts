import { sql } from 'kysely';
import type { CounterState, ExpiringCounters } from '../lib/expiring-counters';
import type { Db } from './database';

/** How often a process deletes the forgotten rows (they are already ignored when read). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The PostgreSQL backend of the expiring counters (decision 207): one row per key in `expiring_counters`, counted by
 * one atomic upsert, so two API nodes counting the same key at the same moment both see the sum. The database's
 * clock decides when a window ends, so nodes with drifting clocks still agree.
 */
export function sqlCounters(db: Db, now: () => number = Date.now): ExpiringCounters {
  let lastSweep = 0;
  const sweep = async () => {
    const t = now();
    if (t - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = t;
    await db.deleteFrom('expiringCounters').where('expiresAt', '<=', sql<Date>`now()`).execute();
  };
  const state = (row: { count: number; ttlMs: number | string } | undefined): CounterState =>
    row ? { count: Number(row.count), ttlMs: Math.max(0, Math.round(Number(row.ttlMs))) } : { count: 0, ttlMs: 0 };
  return {
    async hit(key, windowMs) {
      await sweep();
      const { rows } = await sql<{ count: number; ttlMs: number }>`
        insert into expiring_counters as c (key, count, expires_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when c.expires_at <= now() then 1 else c.count + 1 end,
          expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
        returning count, extract(epoch from (expires_at - now())) * 1000 as "ttlMs"`.execute(db);
      return state(rows[0]);
    },
    async peek(key) {
      const { rows } = await sql<{ count: number; ttlMs: number }>`
        select count, extract(epoch from (expires_at - now())) * 1000 as "ttlMs"
        from expiring_counters where key = ${key} and expires_at > now()`.execute(db);
      return state(rows[0]);
    },
    async clear(key) {
      await db.deleteFrom('expiringCounters').where('key', '=', key).execute();
    },
    async claim(key, expiresAt) {
      await sweep();
      const { rows } = await sql<{ key: string }>`
        insert into expiring_counters as c (key, count, expires_at)
        values (${key}, 1, to_timestamp(${expiresAt / 1000}))
        on conflict (key) do update set count = 1, expires_at = excluded.expires_at
          where c.expires_at <= now()
        returning key`.execute(db);
      return rows.length === 1;
    },
  };
}
