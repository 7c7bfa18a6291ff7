import { tenantRows, tenantUpdate } from '../../db/crud';
import type { Executor } from '../../db/tenant';

export async function insertApiClient(
  db: Executor,
  c: { companyId: string; userId: string; name: string; clientId: string; secretHash: string; createdBy: string },
) {
  return db.insertInto('apiClients').values(c).returningAll().executeTakeFirstOrThrow();
}

export function listApiClients(db: Executor, companyId: string) {
  return tenantRows(db, 'apiClients', companyId).orderBy('createdAt', 'desc').execute();
}

export function findApiClient(db: Executor, companyId: string, id: string) {
  return tenantRows(db, 'apiClients', companyId).where('id', '=', id).executeTakeFirst();
}

/** Looks a client up by its public id across companies (the token service runs before any tenant is known). */
export function findByClientId(db: Executor, clientId: string) {
  return db.selectFrom('apiClients').selectAll().where('clientId', '=', clientId).executeTakeFirst();
}

export async function setActive(db: Executor, companyId: string, id: string, active: boolean) {
  return tenantUpdate(db, 'apiClients', companyId, { active }).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function touch(db: Executor, id: string) {
  await db.updateTable('apiClients').set({ lastUsedAt: new Date() }).where('id', '=', id).execute();
}

/** A new secret (rotation): the old one stops working at once. */
export async function setSecret(db: Executor, companyId: string, id: string, secretHash: string) {
  return tenantUpdate(db, 'apiClients', companyId, { secretHash })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Revokes credentials for good (kept for the audit trail, never usable again). */
export async function revoke(db: Executor, companyId: string, id: string) {
  return tenantUpdate(db, 'apiClients', companyId, { active: false, revokedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The client a technical user belongs to, across companies (checked on every request of a refused role). */
export function findByUserId(db: Executor, userId: string) {
  return db.selectFrom('apiClients').select(['id', 'companyId']).where('userId', '=', userId).executeTakeFirst();
}
