import { findRow, tenantRows, tenantUpdate } from '../../db/crud';
import type { BacenDestination } from '../../db/tables/bacen.tables';
import type { Executor } from '../../db/tenant';

export interface BacenReportValues {
  fichaId: string | null;
  suspectName: string | null;
  suspectDocument: string | null;
  description: string;
  registeringInstitution: string;
  operationType: 'transfer' | 'pix' | 'other';
  destination: BacenDestination | null;
  identifiedAt: Date;
}

export interface ReportFilter {
  limit: number;
  skip: number;
  deleted: boolean;
  fichaId?: string;
}

export function listReports(db: Executor, companyId: string, f: ReportFilter) {
  let q = tenantRows(db, 'bacenReports', companyId);
  q = f.deleted ? q.where('deletedAt', 'is not', null) : q.where('deletedAt', 'is', null);
  if (f.fichaId) q = q.where('fichaId', '=', f.fichaId);
  return q.orderBy('registeredAt', 'desc').limit(f.limit).offset(f.skip).execute();
}

export async function countReports(db: Executor, companyId: string, f: Omit<ReportFilter, 'limit' | 'skip'>) {
  let q = db
    .selectFrom('bacenReports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('companyId', '=', companyId)
    .where('deletedAt', f.deleted ? 'is not' : 'is', null);
  if (f.fichaId) q = q.where('fichaId', '=', f.fichaId);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}

export const findReport = (db: Executor, companyId: string, id: string) => findRow(db, 'bacenReports', companyId, id);

export function insertReport(
  db: Executor,
  companyId: string,
  v: BacenReportValues & { createdBy: string; consentAt: Date; registeredAt: Date; late: boolean },
) {
  return db
    .insertInto('bacenReports')
    .values({
      companyId,
      ...v,
      firstIdentifiedAt: v.identifiedAt,
      destination: JSON.stringify(v.destination),
      consent: true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The record's new values; `late` only ever goes from false to true (the service decides, decision 116). */
export function updateReport(
  db: Executor,
  companyId: string,
  id: string,
  v: BacenReportValues & { late: boolean },
  version: number,
) {
  return tenantUpdate(db, 'bacenReports', companyId, {
    ...v,
    destination: JSON.stringify(v.destination),
    version,
    updatedAt: new Date(),
  })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function markDeleted(
  db: Executor,
  companyId: string,
  id: string,
  v: { by: string; reason: string; version: number },
) {
  return tenantUpdate(db, 'bacenReports', companyId, {
    deletedAt: new Date(),
    deletedBy: v.by,
    deletedReason: v.reason,
    version: v.version,
    updatedAt: new Date(),
  })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertVersion(
  db: Executor,
  companyId: string,
  v: { reportId: string; version: number; data: Record<string, unknown>; reason: string; changedBy: string },
) {
  return db
    .insertInto('bacenReportVersions')
    .values({ companyId, ...v, data: JSON.stringify(v.data) })
    .execute();
}

export function listVersions(db: Executor, companyId: string, reportId: string) {
  return db
    .selectFrom('bacenReportVersions as v')
    .leftJoin('users as u', 'u.id', 'v.changedBy')
    .selectAll('v')
    .select('u.name as changedByName')
    .where('v.companyId', '=', companyId)
    .where('v.reportId', '=', reportId)
    .orderBy('v.version', 'desc')
    .execute();
}

export function findDeclaration(db: Executor, companyId: string, month: string) {
  return tenantRows(db, 'bacenDeclarations', companyId).where('month', '=', month).executeTakeFirst();
}

export function insertDeclaration(db: Executor, companyId: string, month: string, by: string) {
  return db
    .insertInto('bacenDeclarations')
    .values({ companyId, month, declaredBy: by })
    .onConflict((oc) => oc.columns(['companyId', 'month']).doNothing())
    .execute();
}

/** The active Brazilian companies (the Bacen records are Brazil only), with their language. */
export function brazilianCompanies(db: Executor) {
  return db
    .selectFrom('companies')
    .select(['id', 'language'])
    .where('country', '=', 'BR')
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null)
    .execute();
}
