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
