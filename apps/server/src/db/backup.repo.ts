import { sql } from 'kysely';
import type { Db } from './database';
import { createAppRole, type Executor } from './tenant';

/**
 * The queries of `npm run backup` and `npm run restore` (apps/server/src/tools): what a manifest records about a
 * database and what a restore checks. They run as the owner (no tenant binding): they read every company.
 */

/** The tables whose row counts a backup's manifest records and a restore checks. */
export const COUNTED_TABLES = [
  'companies',
  'users',
  'fichas',
  'ficha_relationships',
  'operations',
  'operation_associates',
  'transactions',
  'list_versions',
  'list_entities',
  'audit_log',
] as const;

/** Row counts of the counted tables that exist (a table a later migration adds is simply absent). */
export async function tableCounts(db: Executor): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const exists = await sql<{ present: boolean }>`select to_regclass(${`public.${table}`}) is not null as present`
      .execute(db)
      .then((r) => r.rows[0]?.present ?? false);
    if (!exists) continue;
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(r.rows[0]?.n ?? 0);
  }
  return counts;
}

/** The names of the applied migrations, oldest first; empty when the database was never migrated. */
export async function appliedMigrations(db: Executor): Promise<string[]> {
  const exists = await sql<{ present: boolean }>`select to_regclass('public.kysely_migration') is not null as present`
    .execute(db)
    .then((r) => r.rows[0]?.present ?? false);
  if (!exists) return [];
  const r = await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(db);
  return r.rows.map((row) => row.name);
}

/** `PostgreSQL 17.5` and the like. */
export async function serverVersion(db: Executor): Promise<string> {
  const r = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
  return `PostgreSQL ${r.rows[0]?.v ?? '?'}`;
}

/** How many tables the public schema holds: 0 for an empty database. */
export async function publicTableCount(db: Executor): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from pg_tables where schemaname = 'public'`.execute(
    db,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Runs `fn` inside a repeatable-read transaction whose snapshot is exported, so that `pg_dump --snapshot` dumps
 * exactly what `fn` counted (PostgreSQL only). The transaction stays open until `fn` returns.
 */
export async function withExportedSnapshot<T>(db: Db, fn: (trx: Executor, snapshot: string) => Promise<T>) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const r = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx);
      const snapshot = r.rows[0]?.snapshot;
      if (!snapshot) throw new Error('PostgreSQL did not export a snapshot');
      return fn(trx, snapshot);
    });
}

/**
 * The application role must exist before a dump that grants it privileges is restored (roles are cluster-wide and
 * pg_dump does not carry them): the same step as the first migration.
 */
export const ensureAppRole = (db: Db) => createAppRole(db);
