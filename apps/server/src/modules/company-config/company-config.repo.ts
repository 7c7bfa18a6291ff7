import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { CompanySignaturesTable } from '../../db/tables/company-config.tables';
import type { Executor } from '../../db/tenant';

// ------------------------------------------------------------------ commercial activities (global reference data)

export interface ActivityFilter {
  code?: string;
  /** words of the name in any of the three languages */
  name?: string;
  limit: number;
  skip: number;
}

export function listActivities(db: Executor, f: ActivityFilter) {
  let q = db.selectFrom('commercialActivities').selectAll().where('active', '=', true);
  if (f.code) q = q.where('code', '=', f.code);
  if (f.name) {
    const like = `%${f.name.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('nameEs', 'ilike', like), eb('namePt', 'ilike', like), eb('nameEn', 'ilike', like)]));
  }
  return q.orderBy('position').limit(f.limit).offset(f.skip).execute();
}

// ------------------------------------------------------------------ company signatures

export function listSignatures(db: Executor, companyId: string) {
  return tenantRows(db, 'companySignatures', companyId).orderBy('position').orderBy('createdAt').execute();
}

export function findSignature(db: Executor, companyId: string, id: string) {
  return tenantRows(db, 'companySignatures', companyId).where('id', '=', id).executeTakeFirst();
}

export async function nextSignaturePosition(db: Executor, companyId: string) {
  const r = await db
    .selectFrom('companySignatures')
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('next'))
    .where('companyId', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(r.next);
}

export function insertSignature(
  db: Executor,
  companyId: string,
  v: Omit<Insertable<CompanySignaturesTable>, 'companyId'>,
) {
  return db
    .insertInto('companySignatures')
    .values({ ...v, companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSignature(
  db: Executor,
  companyId: string,
  id: string,
  patch: Updateable<CompanySignaturesTable>,
) {
  return tenantUpdate(db, 'companySignatures', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSignature(db: Executor, companyId: string, id: string) {
  await db.deleteFrom('companySignatures').where('companyId', '=', companyId).where('id', '=', id).execute();
}
