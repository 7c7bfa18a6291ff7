// A PostgreSQL benchmark's own database (BENCH_PG_URL's server), one company with its admin, and the timing of a
// scenario: shared by the dashboard and operations benchmarks.
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { Database } from '../../apps/server/src/db/tables';
import { type AuthContext, inCompany, systemCaller } from '../../apps/server/src/plugins/context';

export const BASE_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the base database on a connection of its own. */
async function admin(query: string) {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

/** The p-th percentile of `xs` (nearest rank). */
export function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/** Seconds since `t0` (performance.now()), one decimal. */
export const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

/**
 * Creates the database `dbName`, hands `fn` a Kysely on it and drops it after, whatever happens. Its own pool: a
 * connection terminated from outside (seen on shared machines) is dropped instead of crashing.
 */
export async function withBenchDatabase(dbName: string, fn: (db: Kysely<Database>) => Promise<void>) {
  await admin(`create database ${dbName}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
  try {
    await fn(db);
  } finally {
    await db.destroy();
    // BENCH_KEEP_DB=1 keeps the database to look at its plans (EXPLAIN) afterwards; drop it by hand
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${dbName}`);
    else await admin(`drop database if exists ${dbName} with (force)`);
  }
}

/** Migrates `db` and creates one Chilean company with its admin; the caller acts as that admin in the company. */
export async function benchCompany(db: Kysely<Database>) {
  const t0 = performance.now();
  await migrateToLatest(db);
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Chile', country: 'CL', language: 'es', settings: JSON.stringify({}) })
    .returningAll()
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ companyId: company.id, name: 'Bench admin', email: 'bench@example.cl', role: 'admin' })
    .returningAll()
    .executeTakeFirstOrThrow();
  console.log(`migrated in ${seconds(t0)} s`);
  const session = { userId: user.id, sessionId: user.id, role: 'admin', companyId: company.id, company, user };
  const caller = inCompany(
    systemCaller(session as AuthContext, pino({ level: 'silent' }) as unknown as FastifyBaseLogger),
  );
  return { company, user, caller };
}

/** Runs `run` `warmup` times (with i from 1000), then `runs` times timed; the times and the last result. */
export async function timeRuns<T>(run: (i: number) => Promise<T>, warmup: number, runs: number) {
  for (let i = 0; i < warmup; i++) await run(i + 1000);
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    last = await run(i);
    times.push(performance.now() - s);
  }
  return { times, p50: pct(times, 50), p95: pct(times, 95), last };
}
