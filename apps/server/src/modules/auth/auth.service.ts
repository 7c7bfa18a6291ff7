import { isStrongPassword, type Locale, type LoggedUserT, localeOf, type Role, translate } from '@regcheck/shared';
import type { CompanyRow, UserRow } from '../../db/schema';
import { type Executor, withSystem } from '../../db/tenant';
import { type AuditAction, type AuditActor, audit } from '../../lib/audit';
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext, Caller } from '../../plugins/context';
import { findCompany } from '../companies/companies.service';
import { queueMail } from '../mail/mail.service';
import * as repo from './auth.repo';
import { signAccessToken, verifyAccessToken } from './tokens';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const RESET_TOKEN_MINUTES = 60;
const RECOVERY_MAX_PER_HOUR = 5;

/** Who an audit row of a sign-in, recovery or reset names: the user concerned (if known) and where the call came from. */
function actorOf(user: Pick<UserRow, 'id' | 'companyId'> | null | undefined, client: ClientInfo): AuditActor {
  return {
    companyId: user?.companyId ?? null,
    userId: user?.id ?? null,
    ip: client.ip,
    requestId: client.requestId,
  };
}

/** The logged user of section 3, as GET /api/users/me answers it. */
export function toLoggedUser(
  user: UserRow,
  company: CompanyRow | null,
  locale: Locale,
  restrictedCompanies: string[],
): LoggedUserT {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role as Role,
    roleLabel: translate(locale, `roles:${user.role}`),
    lang: user.lang,
    askPasswordChange: user.askPasswordChange,
    company: company
      ? {
          id: company.id,
          name: company.name,
          country: company.country,
          language: company.language,
          massiveBulks: company.massiveBulks,
          allegationsChannelStatus: company.allegationsChannelStatus,
        }
      : null,
    restrictedSection: company ? restrictedCompanies.includes(company.id) : false,
  };
}

/** The interface language of a user: their own, else their company's. */
export function userLocale(user: Pick<UserRow, 'lang'>, company: Pick<CompanyRow, 'language'> | null): Locale | null {
  if (user.lang) return localeOf(user.lang);
  if (company) return localeOf(company.language);
  return null;
}

async function issueSession(deps: AppDeps, user: UserRow, client: ClientInfo) {
  const refresh = randomToken(32);
  const expiresAt = new Date(Date.now() + deps.config.refreshTokenTtl * 1000);
  const sessionId = await repo.insertSession(deps.db, {
    userId: user.id,
    companyId: user.companyId,
    refreshHash: sha256(refresh),
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  const token = await signAccessToken(deps.jwtSecret, { sub: user.id, sid: sessionId }, deps.config.accessTokenTtl);
  return { token, id: refresh, expiresIn: deps.config.accessTokenTtl, sessionId };
}

/**
 * POST /users/login. One answer for an unknown e-mail, a wrong password and an inactive user, in about the same
 * time. Failures are counted per e-mail (whether or not it exists, so a lock tells nothing either); at the limit
 * the e-mail is locked for a while. Every success, failure and lock is audited.
 */
export async function login(deps: AppDeps, email: string, password: string, client: ClientInfo) {
  const { config } = deps;
  const key = `login:${email.trim().toLowerCase()}`;
  const attempt = await repo.getAttempt(deps.db, key);
  const user = await repo.findUserByEmail(deps.db, email);
  const record = (action: AuditAction, extra?: Record<string, unknown>) =>
    audit(deps.db, actorOf(user, client), {
      action,
      entity: 'user',
      id: user?.id ?? null,
      after: { email: email.trim().toLowerCase(), ...extra },
    });
  if (attempt?.lockedUntil && attempt.lockedUntil > new Date()) {
    await record('auth.login.blocked');
    const minutes = Math.ceil((attempt.lockedUntil.getTime() - Date.now()) / 60_000);
    throw new AppError('TOO_MANY_ATTEMPTS', { params: { minutes } });
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok || !user.active || !user.passwordHash) {
    const { locked } = await repo.recordFailure(
      deps.db,
      key,
      config.loginMaxFailures,
      config.loginLockMinutes,
      config.loginLockMinutes,
    );
    await record('auth.login.failure');
    if (locked) {
      await record('auth.account.locked', { minutes: config.loginLockMinutes });
      throw new AppError('TOO_MANY_ATTEMPTS', { params: { minutes: config.loginLockMinutes } });
    }
    throw new AppError('INVALID_CREDENTIALS');
  }
  await repo.clearAttempts(deps.db, key);
  const company = user.companyId ? ((await findCompany(deps.db, user.companyId)) ?? null) : null;
  const session = await issueSession(deps, user, client);
  await repo.touchLogin(deps.db, user.id);
  await record('auth.login.success');
  const locale = userLocale(user, company) ?? 'es';
  return {
    token: session.token,
    id: session.id,
    expiresIn: session.expiresIn,
    user: toLoggedUser(user, company, locale, config.restrictedCompanies),
  };
}

/** Resolves the caller of a bearer token: a valid signature, a live session, an active user. */
export async function authenticate(deps: AppDeps, bearer: string): Promise<AuthContext | null> {
  const claims = await verifyAccessToken(deps.jwtSecret, bearer);
  if (!claims) return null;
  const found = await repo.findSessionCaller(deps.db, claims.sid, claims.sub);
  if (!found) return null;
  const { user, company } = found;
  return {
    userId: user.id,
    sessionId: claims.sid,
    role: user.role as Role,
    companyId: company?.id ?? null,
    company,
    user,
  };
}

/** POST /users/renewtoken: a new access token and a new refresh identifier; the old one stops working. */
export async function renewToken(deps: AppDeps, refreshId: string) {
  const oldHash = sha256(refreshId);
  const session = await repo.findSessionByRefresh(deps.db, oldHash);
  if (!session || session.revokedAt || session.expiresAt <= new Date()) throw new AppError('SESSION_EXPIRED');
  const user = await repo.findUserById(deps.db, session.userId);
  if (!user?.active) throw new AppError('SESSION_EXPIRED');
  const refresh = randomToken(32);
  const expiresAt = new Date(Date.now() + deps.config.refreshTokenTtl * 1000);
  if (!(await repo.rotateRefresh(deps.db, session.id, oldHash, sha256(refresh), expiresAt))) {
    throw new AppError('SESSION_EXPIRED');
  }
  const token = await signAccessToken(deps.jwtSecret, { sub: user.id, sid: session.id }, deps.config.accessTokenTtl);
  return { token, id: refresh, expiresIn: deps.config.accessTokenTtl };
}

/** GET /users/logout: revokes the caller's session. */
export async function logout(deps: AppDeps, caller: Caller) {
  await withSystem(deps.db, async (trx) => {
    await repo.revokeSession(trx, caller.auth.sessionId);
    await audit(trx, caller, { action: 'auth.logout', entity: 'user', id: caller.auth.userId });
  });
}

/**
 * POST /users/recover: always the same answer (no hint whether the e-mail exists). For an active user, a
 * single-use link valid for an hour goes out by e-mail, at most a few per hour per account.
 */
export async function requestRecovery(deps: AppDeps, email: string, lang: string | undefined, client: ClientInfo) {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user?.active) return;
  const since = new Date(Date.now() - 3600_000);
  const { n } = await repo.countRecentResetTokens(deps.db, user.id, since);
  if (Number(n) >= RECOVERY_MAX_PER_HOUR) {
    await audit(deps.db, actorOf(user, client), { action: 'auth.recovery.throttled', entity: 'user', id: user.id });
    return;
  }
  const company = user.companyId ? ((await findCompany(deps.db, user.companyId)) ?? null) : null;
  const locale = lang ? localeOf(lang) : (userLocale(user, company) ?? 'es');
  await sendPasswordLink(deps, user, locale, 'recovery', company?.name ?? '');
  await audit(deps.db, actorOf(user, client), { action: 'auth.recovery.requested', entity: 'user', id: user.id });
}

/** Creates a reset token and queues the e-mail with its link (recovery, or welcome for a new user). */
export async function sendPasswordLink(
  deps: AppDeps,
  user: UserRow,
  locale: Locale,
  kind: 'recovery' | 'welcome',
  companyName: string,
) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000);
  const link = `${deps.config.publicUrl}/recover/${token}/${encodeURIComponent(user.email)}/restablecer`;
  const params = { name: user.name, link, minutes: RESET_TOKEN_MINUTES, company: companyName };
  await withSystem(deps.db, async (trx) => {
    await repo.insertResetToken(trx, {
      userId: user.id,
      companyId: user.companyId,
      tokenHash: sha256(token),
      expiresAt,
    });
    await queueMail(trx, deps.queue, deps.config, {
      companyId: user.companyId,
      kind: `password.${kind}`,
      to: user.email,
      subject: translate(locale, `mail:${kind}.subject`, params),
      text: translate(locale, `mail:${kind}.body`, params),
    });
  });
}

async function validResetToken(deps: AppDeps, token: string, email: string | undefined) {
  const row = await repo.findResetToken(deps.db, sha256(token));
  if (!row || row.usedAt || row.expiresAt <= new Date() || !row.active) throw new AppError('RECOVERY_TOKEN_INVALID');
  if (email && email.trim().toLowerCase() !== row.email.toLowerCase()) throw new AppError('RECOVERY_TOKEN_INVALID');
  return row;
}

export async function checkRecovery(deps: AppDeps, token: string, email: string | undefined) {
  await validResetToken(deps, token, email);
}

function checkNewPassword(password: string, confirmation: string) {
  if (password !== confirmation) throw new AppError('PASSWORDS_MUST_MATCH', { field: 'confirmPassword' });
  if (!isStrongPassword(password)) throw new AppError('PASSWORD_WEAK', { field: 'password' });
}

/** PATCH /users/change-password: sets the password from a recovery link, once; every session is signed out. */
export async function resetPassword(
  deps: AppDeps,
  body: { token: string; email?: string; password: string; confirmPassword: string },
  client: ClientInfo,
) {
  checkNewPassword(body.password, body.confirmPassword);
  const row = await validResetToken(deps, body.token, body.email);
  const passwordHash = await hashPassword(body.password);
  await withSystem(deps.db, async (trx) => {
    if (!(await repo.markResetTokenUsed(trx, row.id))) throw new AppError('RECOVERY_TOKEN_INVALID');
    await repo.setPassword(trx, row.userId, passwordHash);
    await repo.revokeUserSessions(trx, row.userId);
    await repo.clearAttempts(trx, `login:${row.email.toLowerCase()}`);
    await audit(trx, actorOf({ id: row.userId, companyId: row.companyId }, client), {
      action: 'auth.password.reset',
      entity: 'user',
      id: row.userId,
    });
  });
}

/** PATCH /users/changepassword/{id}: the caller changes their own password knowing the old one. */
export async function changeOwnPassword(
  deps: AppDeps,
  caller: Caller,
  id: string,
  body: { oldPassword: string; password: string; confirmPassword: string },
) {
  const { auth } = caller;
  if (id !== auth.userId) throw new AppError('FORBIDDEN');
  if (!(await verifyPassword(auth.user.passwordHash, body.oldPassword))) {
    throw new AppError('OLD_PASSWORD_INVALID', { field: 'oldPassword' });
  }
  checkNewPassword(body.password, body.confirmPassword);
  const passwordHash = await hashPassword(body.password);
  await withSystem(deps.db, async (trx) => {
    await repo.setPassword(trx, auth.userId, passwordHash);
    await repo.revokeUserSessions(trx, auth.userId, auth.sessionId);
    await audit(trx, caller, { action: 'auth.password.changed', entity: 'user', id: auth.userId });
  });
}

/**
 * A short session for the technical user of an API client (POST /oauth/token): the signed access token, or null
 * when that user is gone or switched off. The session lives as long as the token; it has no usable refresh.
 */
export async function openClientSession(
  deps: AppDeps,
  client: { userId: string; companyId: string },
  ip: string,
  ttlSeconds: number,
): Promise<string | null> {
  const user = await repo.findUserById(deps.db, client.userId);
  if (!user?.active) return null;
  const sessionId = await repo.insertSession(deps.db, {
    userId: user.id,
    companyId: client.companyId,
    refreshHash: sha256(randomToken(32)),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    ip,
    userAgent: 'api-client',
  });
  return signAccessToken(deps.jwtSecret, { sub: user.id, sid: sessionId }, ttlSeconds);
}

/** Signs a user out everywhere, in the caller's transaction (an API client switched off). */
export async function revokeSessionsOf(trx: Executor, userId: string) {
  await repo.revokeUserSessions(trx, userId);
}

/**
 * The session-less AuthContext of a user, for work the platform does as that user outside a request (the demo
 * seed acts as each demo company's administrator). Undefined when the user or their company does not exist.
 */
export async function actAs(deps: AppDeps, email: string): Promise<AuthContext | undefined> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user?.companyId) return undefined;
  const company = await findCompany(deps.db, user.companyId);
  if (!company) return undefined;
  return {
    userId: user.id,
    sessionId: '00000000-0000-0000-0000-000000000000',
    role: user.role as Role,
    companyId: company.id,
    company,
    user,
  };
}
