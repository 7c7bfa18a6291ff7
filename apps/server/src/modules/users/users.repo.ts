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

/** What the users screen filters by: a search over name and e-mail, a role, active or not. */
export interface UserFilter {
  search?: string;
  role?: string;
  active?: boolean;
  /** only the platform's own accounts (super administrators and watchers: no company) */
  platform?: boolean;
}

function filtered(db: Executor, companyId: string | null, f: UserFilter) {
  let q = db
    .selectFrom('users')
    .where('deletedAt', 'is', null)
    .where('email', 'not like', '%@api-clients.regcheck.internal');
  if (companyId) q = q.where('companyId', '=', companyId);
  else if (f.platform) q = q.where('companyId', 'is', null);
  if (f.role) q = q.where('role', '=', f.role);
  if (f.active !== undefined) q = q.where('active', '=', f.active);
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb(sql<string>`lower(name)`, 'like', like), eb(sql<string>`lower(email)`, 'like', like)]),
    );
  }
  return q;
}

export function listUsers(db: Executor, companyId: string | null, opts: { limit: number; skip: number } & UserFilter) {
  return filtered(db, companyId, opts)
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(opts.limit)
    .offset(opts.skip)
    .execute();
}

export async function countUsers(db: Executor, companyId: string | null, f: UserFilter = {}) {
  const r = await filtered(db, companyId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
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

/** Sets a user's password (a manager's change on edit) and whether they must choose another at next sign-in. */
export async function setPassword(db: Executor, id: string, passwordHash: string, askPasswordChange: boolean) {
  await db
    .updateTable('users')
    .set({ passwordHash, askPasswordChange, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Stores (or clears) the key of a user's photo in the file store. */
export async function setPhoto(db: Executor, id: string, photoUrl: string | null) {
  await db.updateTable('users').set({ photoUrl, updatedAt: new Date() }).where('id', '=', id).execute();
}
