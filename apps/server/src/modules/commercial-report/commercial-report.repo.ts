import type { Executor } from '../../db/tenant';

export function insertReport(
  db: Executor,
  companyId: string,
  v: {
    fichaId: string;
    requestedBy: string;
    report: unknown;
    exposure: number;
    risk: 'low' | 'medium' | 'high';
    sample: boolean;
  },
) {
  return db
    .insertInto('commercialReports')
    .values({ companyId, ...v, report: JSON.stringify(v.report) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The ficha's newest report since `since` (the two-year window). */
export function latestReport(db: Executor, companyId: string, fichaId: string, since: Date) {
  return db
    .selectFrom('commercialReports')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('fichaId', '=', fichaId)
    .where('createdAt', '>=', since)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findSettings(db: Executor, companyId: string) {
  return db.selectFrom('commercialReportSettings').selectAll().where('companyId', '=', companyId).executeTakeFirst();
}

export function upsertSettings(db: Executor, companyId: string, v: { mediumFrom: number; highFrom: number }) {
  const set = { ...v, updatedAt: new Date() };
  return db
    .insertInto('commercialReportSettings')
    .values({ companyId, ...set })
    .onConflict((oc) => oc.column('companyId').doUpdateSet(set))
    .returningAll()
    .executeTakeFirstOrThrow();
}
