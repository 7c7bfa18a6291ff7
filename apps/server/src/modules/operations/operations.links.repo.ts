import type { Insertable } from 'kysely';
import { tenantUpdate } from '../../db/crud';
import type { OperationPublicEmailChangesTable } from '../../db/tables/operations.tables';
import type { Executor } from '../../db/tenant';

/**
 * Public links of operations (docs/decisions.md 10): only the SHA-256 of a token is stored. A link is looked up by
 * its hash as the system (the visitor has no company yet); the other calls run in the link's company.
 */

/** The link of a token hash, with its company's name and status (system transaction: any company). */
export function findLinkByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('operationPublicLinks as l')
    .innerJoin('companies as c', 'c.id', 'l.companyId')
    .selectAll('l')
    .select(['c.name as companyName', 'c.status as companyStatus', 'c.language as companyLanguage'])
    .where('l.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records that a link was just used. */
export async function touchLink(db: Executor, companyId: string, id: string) {
  await tenantUpdate(db, 'operationPublicLinks', companyId, { lastUsedAt: new Date() }).where('id', '=', id).execute();
}

export async function insertLink(
  db: Executor,
  companyId: string,
  link: { operationId: string; dni: string; tokenHash: string; expiresAt: Date; createdBy: string },
) {
  await db
    .insertInto('operationPublicLinks')
    .values({ ...link, companyId })
    .execute();
}

/** An e-mail change asked through a public link, waiting for the old address to confirm it. */
export async function insertEmailChange(
  db: Executor,
  companyId: string,
  change: Omit<Insertable<OperationPublicEmailChangesTable>, 'id' | 'companyId' | 'usedAt'>,
) {
  const row = await db
    .insertInto('operationPublicEmailChanges')
    .values({ ...change, companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The pending change of a confirmation token hash, with its company's state (system transaction: any company). */
export function findEmailChangeByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('operationPublicEmailChanges as e')
    .innerJoin('companies as c', 'c.id', 'e.companyId')
    .selectAll('e')
    .select(['c.name as companyName', 'c.status as companyStatus', 'c.language as companyLanguage'])
    .where('e.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Uses a confirmation once: true only for the call that marked it. */
export async function markEmailChangeUsed(db: Executor, companyId: string, id: string) {
  const r = await tenantUpdate(db, 'operationPublicEmailChanges', companyId, { usedAt: new Date() })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
