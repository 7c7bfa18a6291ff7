import {
  assignableRoles,
  isCompanyRole,
  isStrongPassword,
  type Locale,
  localeOf,
  type Role,
  SINGLE_PER_COMPANY_ROLES,
  translate,
  type UserCreateBody,
  type UserUpdateBody,
  userCreationContext,
} from '@regcheck/shared';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { type Executor, withSystem, withTenant } from '../../db/tenant';
import { hashPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import { sendPasswordLink } from '../auth/auth.service';
import { findCompanyById } from '../companies/companies.repo';
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
function scoped<T>(deps: AppDeps, companyId: string | null, fn: (trx: Executor) => Promise<T>) {
  return companyId ? withTenant(deps.db, companyId, fn) : withSystem(deps.db, fn);
}

/**
 * POST /users. The assignable roles of section 6 decide what the caller may create: the super administrator
 * anywhere (company roles need a company); a company's admin, monitoring user or allegations administrator in
 * their own company. One denouncesAdmin per company; e-mails unique across the product.
 */
export async function createUser(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof UserCreateBody>,
  locale: Locale,
) {
  const isSuper = auth.role === 'superAdmin';
  if (!userCreationContext(auth.role)) throw new AppError('FORBIDDEN');
  const companyId = isSuper ? (body.companyId ?? null) : auth.companyId;
  const company = companyId ? await findCompanyById(deps.db, companyId) : null;
  if (companyId && !company) throw new AppError('COMPANY_NOT_FOUND', { field: 'companyId' });
  const role = body.role as Role;
  if (isCompanyRole(role) && !company) throw new AppError('COMPANY_REQUIRED', { field: 'companyId' });
  if (!isCompanyRole(role) && company) throw new AppError('ROLE_NOT_ASSIGNABLE', { field: 'role', params: { role } });
  const allowed: Role[] = isSuper
    ? company
      ? assignableRoles('superAdmin', 'adminModule', {
          allegationsChannelActive: company.allegationsChannelStatus === 'active',
        })
      : ['superAdmin', 'watcher']
    : assignableRoles(auth.role, 'users', { allegationsChannelActive: company?.allegationsChannelStatus === 'active' });
  if (!allowed.includes(role)) throw new AppError('ROLE_NOT_ASSIGNABLE', { field: 'role', params: { role } });
  if (body.password !== undefined && !isStrongPassword(body.password))
    throw new AppError('PASSWORD_WEAK', { field: 'password' });
  if (await repo.emailExists(deps.db, body.email)) throw new AppError('EMAIL_TAKEN', { field: 'email' });
  const passwordHash = body.password ? await hashPassword(body.password) : null;

  const user = await scoped(deps, companyId, async (trx) => {
    if (companyId && SINGLE_PER_COMPANY_ROLES.includes(role) && (await repo.countRole(trx, companyId, role)) > 0) {
      throw new AppError('DENOUNCES_ADMIN_EXISTS', { field: 'role' });
    }
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
        createdBy: auth.userId,
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new AppError('EMAIL_TAKEN', { field: 'email' });
      throw err;
    }
    await insertAudit(trx, {
      companyId,
      userId: auth.userId,
      action: 'user.created',
      entity: 'user',
      entityId: row.id,
      after: audited(row),
    });
    return row;
  });
  if (!passwordHash) {
    const mailLocale = user.lang ? localeOf(user.lang) : company ? localeOf(company.language) : locale;
    await sendPasswordLink(deps, user, mailLocale, 'welcome', company?.name ?? '');
  }
  return user;
}

function canManage(auth: AuthContext) {
  return userCreationContext(auth.role) !== null;
}

/** Another company's user is a 404; a user without the users permission sees only themself. */
export async function getUser(deps: AppDeps, auth: AuthContext, id: string) {
  if (auth.role === 'superAdmin') {
    const u = await repo.findUser(deps.db, null, id);
    if (!u) throw new AppError('USER_NOT_FOUND');
    return u;
  }
  if (id !== auth.userId && !canManage(auth)) throw new AppError('USER_NOT_FOUND');
  const u = await scoped(deps, auth.companyId, (trx) => repo.findUser(trx, auth.companyId, id));
  if (!u) throw new AppError('USER_NOT_FOUND');
  return u;
}

export async function listUsers(
  deps: AppDeps,
  auth: AuthContext,
  opts: { limit: number; skip: number; companyId?: string },
) {
  if (!canManage(auth)) throw new AppError('FORBIDDEN');
  if (auth.role === 'superAdmin') {
    const companyId = opts.companyId ?? null;
    return { rows: await repo.listUsers(deps.db, companyId, opts), count: await repo.countUsers(deps.db, companyId) };
  }
  const cid = auth.companyId as string;
  return withTenant(deps.db, cid, async (trx) => ({
    rows: await repo.listUsers(trx, cid, opts),
    count: await repo.countUsers(trx, cid),
  }));
}

/**
 * PATCH /users/{id}: anyone changes their own name and language; the managers of section 6 change role and
 * active of their company's users (within the roles they may assign).
 */
export async function updateUser(deps: AppDeps, auth: AuthContext, id: string, body: z.infer<typeof UserUpdateBody>) {
  const self = id === auth.userId;
  if ((body.role !== undefined || body.active !== undefined) && (self || !canManage(auth)))
    throw new AppError('FORBIDDEN');
  if (!self && !canManage(auth)) throw new AppError('USER_NOT_FOUND');
  const companyId = auth.role === 'superAdmin' ? null : auth.companyId;
  return scoped(deps, companyId, async (trx) => {
    const before = await repo.findUser(trx, companyId, id);
    if (!before) throw new AppError('USER_NOT_FOUND');
    if (body.role !== undefined && auth.role !== 'superAdmin') {
      const company = auth.company;
      const allowed = assignableRoles(auth.role, 'users', {
        allegationsChannelActive: company?.allegationsChannelStatus === 'active',
      });
      if (!allowed.includes(body.role as Role) || !allowed.includes(before.role as Role)) {
        throw new AppError('ROLE_NOT_ASSIGNABLE', { field: 'role', params: { role: body.role } });
      }
      if (
        SINGLE_PER_COMPANY_ROLES.includes(body.role as Role) &&
        before.role !== body.role &&
        (await repo.countRole(trx, before.companyId as string, body.role)) > 0
      ) {
        throw new AppError('DENOUNCES_ADMIN_EXISTS', { field: 'role' });
      }
    }
    const after = await repo.updateUser(trx, companyId, id, {
      name: body.name,
      lang: body.lang,
      role: body.role,
      active: body.active,
    });
    if (!after) throw new AppError('USER_NOT_FOUND');
    await insertAudit(trx, {
      companyId: before.companyId,
      userId: auth.userId,
      action: 'user.updated',
      entity: 'user',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}
