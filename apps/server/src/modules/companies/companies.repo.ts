import { type Insertable, sql, type Updateable } from 'kysely';
import { tenantUpdate } from '../../db/crud';
import type { CompaniesTable } from '../../db/schema';
import type { Executor } from '../../db/tenant';

export async function insertCompany(db: Executor, c: Insertable<CompaniesTable>) {
  return db.insertInto('companies').values(c).returningAll().executeTakeFirstOrThrow();
}

export function findCompanyById(db: Executor, id: string) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listCompanies(db: Executor, opts: { limit: number; skip: number }) {
  return db
    .selectFrom('companies')
    .selectAll()
    .orderBy('createdAt', 'desc')
    .limit(opts.limit)
    .offset(opts.skip)
    .execute();
}

export async function countCompanies(db: Executor) {
  const r = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function updateCompany(db: Executor, id: string, patch: Updateable<CompaniesTable>) {
  return db
    .updateTable('companies')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Every user of a deleted company is switched off and signed out (the company's own users, not the platform's). */
export async function deactivateCompanyUsers(db: Executor, companyId: string) {
  await tenantUpdate(db, 'users', companyId, { active: false, updatedAt: new Date() }).execute();
  await tenantUpdate(db, 'sessions', companyId, { revokedAt: new Date() }).where('revokedAt', 'is', null).execute();
}

/** One user of the company (a report flow's responsible person), or undefined. */
export function findCompanyUser(db: Executor, companyId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'active'])
    .where('companyId', '=', companyId)
    .where('id', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The active companies that name a responsible person for a report (settings.reportFlows). */
export function companiesWithReportFlows(db: Executor) {
  return db
    .selectFrom('companies')
    .selectAll()
    .where('status', '=', 'active')
    .where(sql<boolean>`settings ? 'reportFlows'`)
    .orderBy('id')
    .execute();
}

/** A commercial activity of the catalogue (global reference data), for the company's relation. */
export function findCommercialActivity(db: Executor, id: string) {
  return db.selectFrom('commercialActivities').selectAll().where('id', '=', id).executeTakeFirst();
}
