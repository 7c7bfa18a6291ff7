import { sql, type Updateable } from 'kysely';
import type { NewUser, UsersTable } from '../../db/schema';
import type { Executor } from '../../db/tenant';

export async function insertUser(db: Executor, u: NewUser) {
  return db.insertInto('users').values(u).returningAll().executeTakeFirstOrThrow();
}

/** Whether the e-mail is taken by anyone (runs as the owner: e-mails are unique across companies). */
export async function emailExists(db: Executor, email: string) {
  const r = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return !!r;
}

export async function countRole(db: Executor, companyId: string, role: string) {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyId', '=', companyId)
    .where('role', '=', role)
    .where('active', '=', true)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function findUser(db: Executor, companyId: string | null, id: string) {
  let q = db.selectFrom('users').selectAll().where('id', '=', id).where('deletedAt', 'is', null);
  if (companyId) q = q.where('companyId', '=', companyId);
  return q.executeTakeFirst();
}

export function listUsers(db: Executor, companyId: string | null, opts: { limit: number; skip: number }) {
  let q = db
    .selectFrom('users')
    .selectAll()
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(opts.limit)
    .offset(opts.skip);
  if (companyId) q = q.where('companyId', '=', companyId);
  return q.execute();
}

export async function countUsers(db: Executor, companyId: string | null) {
  let q = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deletedAt', 'is', null);
  if (companyId) q = q.where('companyId', '=', companyId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function updateUser(db: Executor, companyId: string | null, id: string, patch: Updateable<UsersTable>) {
  let q = db
    .updateTable('users')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id);
  if (companyId) q = q.where('companyId', '=', companyId);
  return q.returningAll().executeTakeFirst();
}

/** Whether any super administrator exists (the first start creates one when none does). */
export async function superAdminExists(db: Executor) {
  const r = await db.selectFrom('users').select('id').where('role', '=', 'superAdmin').executeTakeFirst();
  return !!r;
}

/** The role of each of these users (API clients show the role of their technical user). */
export function rolesOf(db: Executor, ids: string[]) {
  return db.selectFrom('users').select(['id', 'role']).where('id', 'in', ids).execute();
}

export function roleOf(db: Executor, id: string) {
  return db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
}

/** Switches a user on or off as it is (no audit here: the caller writes its own row). */
export async function setActive(db: Executor, id: string, active: boolean) {
  await db.updateTable('users').set({ active }).where('id', '=', id).execute();
}
