import { type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './database';
import { migrations } from './migrations/index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // features land migrations in parallel: one numbered below an applied one still runs, once
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${cause.message}`, { cause });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
