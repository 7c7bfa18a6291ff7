// The benchmark's own PostgreSQL database: created next to DATABASE_URL's, migrated and seeded by the app's
// bootstrap (demo companies and users), dropped at the end.
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';

/** The server the benchmarks create their databases on. */
export const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on `url` (default: the base database) on a connection of its own. */
export async function runSql(sql: string, url = baseUrl) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(sql);
  await c.end();
}

export async function databaseExists(dbName: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  const found = (await c.query('select 1 from pg_database where datname = $1', [dbName])).rowCount === 1;
  await c.end();
  return found;
}

/** Drops `dbName` if it is there and creates it empty. */
export async function recreateDatabase(dbName: string) {
  await runSql(`drop database if exists ${dbName}`);
  await runSql(`create database ${dbName}`);
}

export async function dropDatabase(dbName: string) {
  await runSql(`drop database if exists ${dbName} with (force)`);
}

/** The connection string of `dbName` on the base server. */
export function databaseUrl(dbName: string) {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/** The app's configuration for a benchmark on `dbName`: demo data on, logs off; `extra` adds or overrides settings. */
export function benchConfig(dbName: string, extra: Record<string, string> = {}) {
  return loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl(dbName),
    DATA_DIR: `/tmp/${dbName}`,
    REGCHECK_DEMO: '1',
    REGCHECK_ADMIN_EMAIL: 'root@bench.test',
    REGCHECK_ADMIN_PASSWORD: 'Bench.Pass.2026',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    REGCHECK_SHIP_LISTS: '0',
    REGCHECK_SCHEDULES: '0',
    ...extra,
  });
}
