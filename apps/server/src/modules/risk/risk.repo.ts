import { tenantRows } from '../../db/crud';
import type { Executor } from '../../db/tenant';

export function findRiskConfiguration(db: Executor, companyId: string) {
  return tenantRows(db, 'riskConfigurations', companyId).executeTakeFirst();
}

export async function upsertRiskConfiguration(db: Executor, companyId: string, config: unknown, userId: string | null) {
  return db
    .insertInto('riskConfigurations')
    .values({ companyId, config: JSON.stringify(config), updatedBy: userId })
    .onConflict((oc) =>
      oc.column('companyId').doUpdateSet({ config: JSON.stringify(config), updatedBy: userId, updatedAt: new Date() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The company's settings, for the list controls that the super administrator sets on its lists. */
export async function companySettings(db: Executor, companyId: string): Promise<unknown> {
  const row = await db.selectFrom('companies').select('settings').where('id', '=', companyId).executeTakeFirst();
  return row?.settings ?? null;
}
