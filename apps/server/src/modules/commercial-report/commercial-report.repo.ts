import { tenantRows } from '../../db/crud';
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
  return tenantRows(db, 'commercialReports', companyId)
    .where('fichaId', '=', fichaId)
    .where('createdAt', '>=', since)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findSettings(db: Executor, companyId: string) {
  return tenantRows(db, 'commercialReportSettings', companyId).executeTakeFirst();
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
