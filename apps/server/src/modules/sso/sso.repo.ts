import type { Insertable } from 'kysely';
import { tenantRows } from '../../db/crud';
import type { SsoLoginStatesTable, SsoProvidersTable } from '../../db/tables/sso.tables';
import type { Executor } from '../../db/tenant';

export function findProvider(db: Executor, companyId: string) {
  return tenantRows(db, 'ssoProviders', companyId).executeTakeFirst();
}

export async function domainsOf(db: Executor, companyId: string) {
  const rows = await db
    .selectFrom('ssoDomains')
    .select('domain')
    .where('companyId', '=', companyId)
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain);
}

/** Which company (if any) signs in an e-mail domain; no company filter: the domain is what is being looked up. */
export function companyOfDomain(db: Executor, domain: string) {
  return db
    .selectFrom('ssoDomains')
    .innerJoin('ssoProviders', 'ssoProviders.companyId', 'ssoDomains.companyId')
    .innerJoin('companies', 'companies.id', 'ssoDomains.companyId')
    .select(['ssoDomains.companyId', 'ssoProviders.providerName', 'ssoProviders.enabled'])
    .where('ssoDomains.domain', '=', domain)
    .where('companies.status', '=', 'active')
    .executeTakeFirst();
}

/** The domains of a list already taken by another company. */
export async function domainsTakenElsewhere(db: Executor, companyId: string, domains: string[]) {
  if (domains.length === 0) return [];
  const rows = await db
    .selectFrom('ssoDomains')
    .select('domain')
    .where('domain', 'in', domains)
    .where('companyId', '<>', companyId)
    .execute();
  return rows.map((r) => r.domain);
}

export async function upsertProvider(
  db: Executor,
  companyId: string,
  v: Omit<Insertable<SsoProvidersTable>, 'companyId'>,
) {
  return db
    .insertInto('ssoProviders')
    .values({ ...v, companyId })
    .onConflict((oc) =>
      oc.column('companyId').doUpdateSet({
        providerName: v.providerName,
        issuerUrl: v.issuerUrl,
        clientId: v.clientId,
        clientSecret: v.clientSecret,
        enabled: v.enabled,
        updatedBy: v.updatedBy,
        updatedAt: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function replaceDomains(db: Executor, companyId: string, domains: string[]) {
  await db.deleteFrom('ssoDomains').where('companyId', '=', companyId).execute();
  if (domains.length > 0)
    await db
      .insertInto('ssoDomains')
      .values(domains.map((domain) => ({ domain, companyId })))
      .execute();
}

export async function deleteProvider(db: Executor, companyId: string) {
  await db.deleteFrom('ssoDomains').where('companyId', '=', companyId).execute();
  await db.deleteFrom('ssoLoginStates').where('companyId', '=', companyId).execute();
  return db.deleteFrom('ssoProviders').where('companyId', '=', companyId).returningAll().executeTakeFirst();
}

export async function insertLoginState(
  db: Executor,
  companyId: string,
  v: Omit<Insertable<SsoLoginStatesTable>, 'companyId'>,
) {
  await db
    .insertInto('ssoLoginStates')
    .values({ ...v, companyId })
    .execute();
}

/**
 * Spends a sign-in under way: marks it used and answers it, once. A used, expired or unknown state answers nothing
 * (the state is what is looked up, so there is no company to filter by yet).
 */
export function spendLoginState(db: Executor, stateHash: string) {
  return db
    .updateTable('ssoLoginStates')
    .set({ usedAt: new Date() })
    .where('stateHash', '=', stateHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returningAll()
    .executeTakeFirst();
}

/** Forgets sign-ins that ended or expired more than a day ago. */
export async function pruneLoginStates(db: Executor) {
  await db
    .deleteFrom('ssoLoginStates')
    .where('expiresAt', '<', new Date(Date.now() - 86_400_000))
    .execute();
}
