import type { Executor } from '../../db/tenant';

export function findFlag(db: Executor, name: string) {
  return db.selectFrom('featureFlags').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function upsertFlag(
  db: Executor,
  flag: { name: string; enabled: boolean; environments: string[]; companyIds: string[] | null },
) {
  return db
    .insertInto('featureFlags')
    .values(flag)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        enabled: flag.enabled,
        environments: flag.environments,
        companyIds: flag.companyIds,
        updatedAt: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
