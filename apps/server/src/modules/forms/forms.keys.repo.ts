import { tenantRows } from '../../db/crud';
import type { CompanySigningKeysTable } from '../../db/tables/forms.tables';
import type { Executor } from '../../db/tenant';

/* The company's own signing key (one per company). */

export function findCompanyKey(ex: Executor, companyId: string) {
  return tenantRows(ex, 'companySigningKeys', companyId).executeTakeFirst();
}

export function upsertCompanyKey(
  ex: Executor,
  companyId: string,
  v: Omit<CompanySigningKeysTable, 'companyId' | 'uploadedAt'>,
) {
  return ex
    .insertInto('companySigningKeys')
    .values({ companyId, ...v })
    .onConflict((oc) => oc.column('companyId').doUpdateSet({ ...v, uploadedAt: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteCompanyKey(ex: Executor, companyId: string) {
  return ex.deleteFrom('companySigningKeys').where('companyId', '=', companyId).executeTakeFirst();
}

/** Whether the company exists (the super administrator names it in the path). */
export async function companyExists(ex: Executor, companyId: string) {
  return !!(await ex.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst());
}
