import {
  isCompanyRole,
  isStrongPassword,
  type Locale,
  localeOf,
  type Role,
  translate,
  type UserCreateBody,
  type UserUpdateBody,
} from '@regcheck/shared';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { type Executor, withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { hashPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { fileKey, storedName } from '../../lib/files';
import { checkUpload, imageMime } from '../../lib/uploads';
import type { AppDeps, Caller } from '../../plugins/context';
import { revokeSessionsOf, sendPasswordLink } from '../auth';
import { findCompany } from '../companies';
import * as policy from './users.policy';
import * as repo from './users.repo';

export function toUserView(u: UserRow, locale: Locale) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role as Role,
    roleLabel: translate(locale, `roles:${u.role}`),
    lang: u.lang,
    active: u.active,
    askPasswordChange: u.askPasswordChange,
    companyId: u.companyId,
    hasPhoto: u.photoUrl !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

const audited = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  lang: u.lang,
  active: u.active,
  companyId: u.companyId,
});

/** Runs in the company's tenant transaction, or as the system for users without a company. */
export function scoped<T>(deps: AppDeps, companyId: string | null, fn: (trx: Executor) => Promise<T>) {
  return companyId ? withTenant(deps.db, companyId, fn) : withSystem(deps.db, fn);
}

/**
 * POST /users. The assignable roles of section 6 decide what the caller may create: the super administrator
 * anywhere (company roles need a company); a company's admin, monitoring user or allegations administrator in
 * their own company. One denouncesAdmin per company; e-mails unique across the product.
 */
export async function createUser(deps: AppDeps, caller: Caller, body: z.infer<typeof UserCreateBody>, locale: Locale) {
  if (!policy.mayManageUsers(caller)) throw new AppError('FORBIDDEN');
  const companyId = policy.companyOfNewUser(caller, body.companyId);
  // a company named in the body that is not the one the user goes into is another company's: a 404, never ignored
  if (body.companyId !== undefined && body.companyId !== companyId)
    throw new AppError('COMPANY_NOT_FOUND', { field: 'companyId' });
  const company = companyId ? ((await findCompany(deps.db, companyId)) ?? null) : null;
  if (companyId && !company) throw new AppError('COMPANY_NOT_FOUND', { field: 'companyId' });
  const role = body.role as Role;
  if (isCompanyRole(role) && !company) throw new AppError('COMPANY_REQUIRED', { field: 'companyId' });
  if (!isCompanyRole(role) && company) throw new AppError('ROLE_NOT_ASSIGNABLE', { field: 'role', params: { role } });
  if (!policy.creatableRoles(caller, company).includes(role))
    throw new AppError('ROLE_NOT_ASSIGNABLE', { field: 'role', params: { role } });
  if (body.password !== undefined && !isStrongPassword(body.password))
    throw new AppError('PASSWORD_WEAK', { field: 'password' });
  if (await repo.emailExists(deps.db, body.email)) throw new AppError('EMAIL_TAKEN', { field: 'email' });
  const passwordHash = body.password ? await hashPassword(body.password) : null;

  const user = await scoped(deps, companyId, async (trx) => {
    if (companyId) await ensureSinglePlaceFree(trx, companyId, role);
    let row: UserRow;
    try {
      row = await repo.insertUser(trx, {
        companyId,
        name: body.name,
        email: body.email,
        role,
        lang: body.lang ?? null,
        passwordHash,
        askPasswordChange: body.askPasswordChange ?? false,
        createdBy: caller.auth.userId,
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new AppError('EMAIL_TAKEN', { field: 'email' });
      throw err;
    }
    await audit(
      trx,
      { ...caller, companyId },
      { action: 'user.created', entity: 'user', id: row.id, after: audited(row) },
    );
    return row;
  });
  if (!passwordHash) {
    const mailLocale = user.lang ? localeOf(user.lang) : company ? localeOf(company.language) : locale;
    await sendPasswordLink(deps, user, mailLocale, 'welcome', company?.name ?? '');
  }
  return user;
}

/** Another company's user is a 404; a user without the users permission sees only themself. */
export async function getUser(deps: AppDeps, caller: Caller, id: string) {
  if (policy.seesEveryCompanyUser(caller)) {
    const u = await repo.findUser(deps.db, null, id);
    if (!u) throw new AppError('USER_NOT_FOUND');
    return u;
  }
  if (id !== caller.auth.userId && !policy.mayManageUsers(caller)) throw new AppError('USER_NOT_FOUND');
  const u = await scoped(deps, caller.companyId, (trx) => repo.findUser(trx, caller.companyId, id));
  if (!u) throw new AppError('USER_NOT_FOUND');
  return u;
}

export async function listUsers(
  deps: AppDeps,
  caller: Caller,
  opts: { limit: number; skip: number; companyId?: string } & repo.UserFilter,
) {
  if (!policy.mayManageUsers(caller)) throw new AppError('FORBIDDEN');
  if (policy.seesEveryCompanyUser(caller)) {
    const companyId = opts.companyId ?? null;
    return {
      rows: await repo.listUsers(deps.db, companyId, opts),
      count: await repo.countUsers(deps.db, companyId, opts),
    };
  }
  const cid = caller.companyId as string;
  return withTenant(deps.db, cid, async (trx) => ({
    rows: await repo.listUsers(trx, cid, opts),
    count: await repo.countUsers(trx, cid, opts),
  }));
}

/**
 * The user a manager acts on (deactivate, password, photo of someone else): in the caller's company (any for the
 * super administrator), and one whose role the caller may give; another company's user is a 404, a user the
 * caller may not manage a 403. Nobody acts on themself this way.
 */
async function managedUser(trx: Executor, caller: Caller, id: string) {
  if (!policy.mayManageUsers(caller)) throw new AppError('FORBIDDEN');
  const companyId = policy.seesEveryCompanyUser(caller) ? null : caller.companyId;
  const user = await repo.findUser(trx, companyId, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (!policy.mayChangeUser(caller, user)) throw new AppError('FORBIDDEN');
  return user;
}

/** The caller themself, or a user they manage (managedUser); 404 USER_NOT_FOUND when not there. */
async function selfOrManaged(trx: Executor, caller: Caller, companyId: string | null, id: string) {
  const user = id === caller.auth.userId ? await repo.findUser(trx, companyId, id) : await managedUser(trx, caller, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/** PATCH /users/delete/{id}: deactivates a user (kept for the audit trail) and signs them out everywhere. */
export async function deactivateUser(deps: AppDeps, caller: Caller, id: string) {
  if (id === caller.auth.userId) throw new AppError('FORBIDDEN');
  const companyId = policy.seesEveryCompanyUser(caller) ? null : caller.companyId;
  return scoped(deps, companyId, async (trx) => {
    const before = await managedUser(trx, caller, id);
    if (!before.active) throw new AppError('USER_ALREADY_INACTIVE');
    const after = await repo.updateUser(trx, companyId, id, { active: false });
    if (!after) throw new AppError('USER_NOT_FOUND');
    await revokeSessionsOf(trx, id);
    await audit(
      trx,
      { ...caller, companyId: before.companyId },
      { action: 'user.deactivated', entity: 'user', id, before: audited(before), after: audited(after) },
    );
    return after;
  });
}

/**
 * PATCH /users/changePasswordOnEdit/{id}: a manager gives a user a new password (the password rules apply); with
 * askPasswordChange the user is asked to choose their own at the next sign-in. Their sessions end.
 */
export async function changePasswordOnEdit(
  deps: AppDeps,
  caller: Caller,
  id: string,
  body: { password: string; askPasswordChange?: boolean },
) {
  if (!isStrongPassword(body.password)) throw new AppError('PASSWORD_WEAK', { field: 'password' });
  const passwordHash = await hashPassword(body.password);
  const companyId = policy.seesEveryCompanyUser(caller) ? null : caller.companyId;
  return scoped(deps, companyId, async (trx) => {
    const user = await selfOrManaged(trx, caller, companyId, id);
    const ask = body.askPasswordChange ?? true;
    await repo.setPassword(trx, id, passwordHash, ask);
    if (id !== caller.auth.userId) await revokeSessionsOf(trx, id);
    await audit(
      trx,
      { ...caller, companyId: user.companyId },
      { action: 'user.password.set', entity: 'user', id, after: { askPasswordChange: ask } },
    );
    return { ...user, askPasswordChange: ask };
  });
}

/** A user photo is a PNG, JPG or WEBP image (by content, not by name: checkUpload), at most 2 MB. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** PATCH /users/addphoto/{id}: the user's own photo, or one a manager sets; replaces the previous one. */
export async function setUserPhoto(deps: AppDeps, caller: Caller, id: string, bytes: Buffer) {
  const { kind: type } = await checkUpload(bytes, ['png', 'jpg', 'webp'], MAX_PHOTO_BYTES);
  if (!type) throw new AppError('PHOTO_FORMAT', { field: 'file' });
  const companyId = policy.seesEveryCompanyUser(caller) ? null : caller.companyId;
  const { user, previous } = await scoped(deps, companyId, async (trx) => {
    const user = await selfOrManaged(trx, caller, companyId, id);
    const key = fileKey('users', user.companyId ?? 'platform', user.id, storedName(type));
    if (!key) throw new AppError('USER_NOT_FOUND');
    await deps.files.put(key, bytes);
    await repo.setPhoto(trx, id, key);
    await audit(trx, { ...caller, companyId: user.companyId }, { action: 'user.photo.changed', entity: 'user', id });
    return { user: { ...user, photoUrl: key }, previous: user.photoUrl };
  });
  if (previous) await deps.files.remove(previous);
  return user;
}

/** GET /users/photo/{id}: the bytes and type of a user's photo (anyone who may read the user). */
export async function getUserPhoto(deps: AppDeps, caller: Caller, id: string) {
  const user = await getUser(deps, caller, id);
  const bytes = user.photoUrl ? await deps.files.get(user.photoUrl) : null;
  if (!bytes) throw new AppError('NOT_FOUND');
  return { bytes, mime: imageMime(bytes) };
}

/**
 * PATCH /users/{id}: anyone changes their own name and language; the managers of section 6 change the users whose
 * current role they may give (any field), and the role only to one they may give. 403 otherwise, nothing changed.
 */
export async function updateUser(deps: AppDeps, caller: Caller, id: string, body: z.infer<typeof UserUpdateBody>) {
  const self = id === caller.auth.userId;
  const manager = policy.mayManageUsers(caller);
  const newRole = body.role;
  if (!policy.mayChangeOwn(body) && (self || !manager)) throw new AppError('FORBIDDEN');
  if (!self && !manager) throw new AppError('USER_NOT_FOUND');
  const companyId = policy.seesEveryCompanyUser(caller) ? null : caller.companyId;
  return scoped(deps, companyId, async (trx) => {
    const before = await repo.findUser(trx, companyId, id);
    if (!before) throw new AppError('USER_NOT_FOUND');
    if (!self) {
      if (!policy.mayChangeUser(caller, before)) throw new AppError('FORBIDDEN');
      if (newRole !== undefined && !policy.mayChangeUser(caller, before, newRole)) {
        throw new AppError('ROLE_NOT_ASSIGNABLE', { field: 'role', params: { role: newRole } });
      }
    }
    // a one-place role is taken by an active holder: giving it, or switching its holder back on, needs it free
    const activeAfter = body.active ?? before.active;
    if (before.companyId && activeAfter) {
      await ensureSinglePlaceFree(
        trx,
        before.companyId,
        newRole ?? (before.role as Role),
        before.active ? before.role : undefined,
      );
    }
    const after = await repo.updateUser(trx, companyId, id, {
      name: body.name,
      lang: body.lang,
      role: body.role,
      active: body.active,
    });
    if (!after) throw new AppError('USER_NOT_FOUND');
    await audit(
      trx,
      { ...caller, companyId: before.companyId },
      { action: 'user.updated', entity: 'user', id, before: audited(before), after: audited(after) },
    );
    return after;
  });
}

/**
 * 409 DENOUNCES_ADMIN_EXISTS when giving `role` (to a holder that had `current`) would take a one-place role the
 * company already has: every active user counts, the technical users of API credentials included. Used by the users
 * and the API credentials alike.
 */
export async function ensureSinglePlaceFree(trx: Executor, companyId: string, role: Role, current?: string) {
  if (policy.takesSinglePlace(role, current) && (await repo.countRole(trx, companyId, role)) > 0) {
    throw new AppError('DENOUNCES_ADMIN_EXISTS', { field: 'role' });
  }
}

/**
 * The technical user through which an API client acts (api-clients module), created in the caller's transaction so
 * that the client and its user commit together. The client's own audit row covers both.
 */
export function createApiUser(
  trx: Executor,
  u: { companyId: string; name: string; email: string; role: Role; createdBy: string },
) {
  return repo.insertUser(trx, u);
}

/** The first start (bootstrap.ts): whether a super administrator exists yet. */
export const superAdminExists = (db: Executor) => repo.superAdminExists(db);

/** The first start (bootstrap.ts): a user created in its transaction, which writes its own audit rows. */
export const createSetupUser = (trx: Executor, u: Parameters<typeof repo.insertUser>[1]) => repo.insertUser(trx, u);

/** The roles of these users, by id (the roles API clients act with). */
export async function rolesOf(trx: Executor, ids: string[]): Promise<Map<string, string>> {
  const rows = ids.length ? await repo.rolesOf(trx, ids) : [];
  return new Map(rows.map((r) => [r.id, r.role]));
}

/** The role of one user, or undefined when there is none. */
export async function roleOf(trx: Executor, id: string): Promise<string | undefined> {
  return (await repo.roleOf(trx, id))?.role;
}

/** Switches a technical user on or off with its API client (the client's audit row covers it). */
export async function setApiUserActive(trx: Executor, id: string, active: boolean) {
  await repo.setActive(trx, id, active);
}
