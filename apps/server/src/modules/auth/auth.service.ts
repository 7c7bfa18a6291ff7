// Over 400 lines: sign-in, the challenge before a lock, sessions and their renewal, recovery and password changes are
// one life cycle of a session, kept together until the sign-in guard settles; split it when it grows further.
import { randomUUID } from 'node:crypto';
import { isStrongPassword, type Locale, type LoggedUserT, localeOf, type Role, translate } from '@regcheck/shared';
import type { CompanyRow, UserRow } from '../../db/schema';
import { type Executor, withSystem } from '../../db/tenant';
import { type AuditAction, type AuditActor, audit } from '../../lib/audit';
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext, Caller } from '../../plugins/context';
import { findCompany } from '../companies';
import { queueMail } from '../mail';
import * as repo from './auth.repo';
import { newRefreshId, sessionOfRefreshId, signAccessToken, verifyAccessToken } from './tokens';

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
  const sessionId = randomUUID();
  const refresh = newRefreshId(deps.jwtSecret, sessionId);
  const expiresAt = new Date(Date.now() + deps.config.refreshTokenTtl * 1000);
  await repo.insertSession(deps.db, {
    id: sessionId,
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

/** Checks a solved challenge of at least the given difficulty and uses it up (the routes' one CaptchaService). */
export type ChallengeCheck = (token: string | undefined, minDifficulty: number) => Promise<boolean>;

/** Each extra leading zero bit doubles the work; the growth stops here. */
const MAX_EXTRA_BITS = 4;

const emailKey = (email: string) => `login:${email.trim().toLowerCase()}`;
const addressKey = (email: string, ip: string | null) => `login:${email.trim().toLowerCase()}|${ip ?? '-'}`;

/** Failures of a key still inside their window. */
function liveFailures(deps: AppDeps, attempt: { failures: number; windowStart: Date } | undefined) {
  if (!attempt) return 0;
  const windowStart = Date.now() - deps.config.loginLockMinutes * 60_000;
  return attempt.windowStart.getTime() > windowStart ? attempt.failures : 0;
}

/**
 * The challenge difficulty the next sign-in of an e-mail needs: none (0) below LOGIN_CHALLENGE_AFTER recent
 * failures, then the base difficulty, one bit more for every further LOGIN_CHALLENGE_AFTER failures (at most
 * MAX_EXTRA_BITS more). Computed the same for unknown e-mails, so it tells nothing about who exists.
 */
function requiredDifficulty(deps: AppDeps, failures: number) {
  const after = deps.config.loginChallengeAfter;
  if (failures < after) return 0;
  return deps.config.captchaDifficulty + Math.min(MAX_EXTRA_BITS, Math.floor((failures - after) / after));
}

/** GET /captcha/challenge?email=: the difficulty a challenge for this e-mail's next sign-in must have. */
export async function loginChallengeDifficulty(deps: AppDeps, email: string) {
  const failures = liveFailures(deps, await repo.getAttempt(deps.db, emailKey(email)));
  return Math.max(deps.config.captchaDifficulty, requiredDifficulty(deps, failures));
}

/**
 * POST /users/login. One answer for an unknown e-mail, a wrong password and an inactive user, in about the same
 * time (docs/decisions.md 7). Failures are counted per e-mail (whether or not it exists) and per e-mail and
 * address. Past LOGIN_CHALLENGE_AFTER failures of the e-mail, sign-in answers 428 CAPTCHA_REQUIRED until the call
 * carries a solved proof-of-work challenge, harder as failures go on; past LOGIN_MAX_FAILURES from one address,
 * that address (only) is locked out of that e-mail for LOGIN_LOCK_MINUTES, so a stranger cannot lock the owner
 * out. Every success, failure, challenge and lock is audited.
 */
export async function login(
  deps: AppDeps,
  body: { email: string; password: string; captcha?: string },
  client: ClientInfo,
  checkChallenge: ChallengeCheck,
) {
  const { config } = deps;
  const { email, password } = body;
  const byEmail = emailKey(email);
  const byAddress = addressKey(email, client.ip);
  const fromAddress = await repo.getAttempt(deps.db, byAddress);
  const failures = liveFailures(deps, await repo.getAttempt(deps.db, byEmail));
  const user = await repo.findUserByEmail(deps.db, email);
  const record = (action: AuditAction, extra?: Record<string, unknown>) =>
    audit(deps.db, actorOf(user, client), {
      action,
      entity: 'user',
      id: user?.id ?? null,
      after: { email: email.trim().toLowerCase(), ...extra },
    });
  if (fromAddress?.lockedUntil && fromAddress.lockedUntil > new Date()) {
    await record('auth.login.blocked');
    const minutes = Math.ceil((fromAddress.lockedUntil.getTime() - Date.now()) / 60_000);
    throw new AppError('TOO_MANY_ATTEMPTS', { params: { minutes } });
  }
  const difficulty = requiredDifficulty(deps, failures);
  if (difficulty > 0 && !(await checkChallenge(body.captcha, difficulty))) {
    await record('auth.login.challenged', { failures, difficulty });
    throw new AppError('CAPTCHA_REQUIRED', { field: 'captcha', params: { difficulty } });
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok || !user.active || !user.passwordHash) {
    // the e-mail's count never locks (it only raises the challenge); the address's count does
    await repo.recordFailure(deps.db, byEmail, Number.MAX_SAFE_INTEGER, config.loginLockMinutes, 0);
    const { locked } = await repo.recordFailure(
      deps.db,
      byAddress,
      config.loginMaxFailures,
      config.loginLockMinutes,
      config.loginLockMinutes,
    );
    await record('auth.login.failure');
    if (locked) {
      await record('auth.account.locked', { minutes: config.loginLockMinutes, scope: 'address' });
      throw new AppError('TOO_MANY_ATTEMPTS', { params: { minutes: config.loginLockMinutes } });
    }
    throw new AppError('INVALID_CREDENTIALS');
  }
  await repo.clearAttempts(deps.db, byAddress);
  await repo.clearAttempts(deps.db, byEmail);
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

/** A user by e-mail (any letter case) for a sign-in that another party vouched for (single sign-on); never created. */
export function findUserForSignIn(deps: AppDeps, email: string) {
  return repo.findUserByEmail(deps.db, email);
}

/**
 * Opens a session for a user whose identity was verified elsewhere (single sign-on): the same session, audit row
 * (`auth.login.success` with `via`) and answer as POST /users/login.
 */
export async function signInVerifiedUser(deps: AppDeps, user: UserRow, client: ClientInfo, via: string) {
  const company = user.companyId ? ((await findCompany(deps.db, user.companyId)) ?? null) : null;
  const session = await issueSession(deps, user, client);
  await repo.touchLogin(deps.db, user.id);
  await audit(deps.db, actorOf(user, client), {
    action: 'auth.login.success',
    entity: 'user',
    id: user.id,
    after: { email: user.email.toLowerCase(), via },
  });
  const locale = userLocale(user, company) ?? 'es';
  return {
    token: session.token,
    id: session.id,
    expiresIn: session.expiresIn,
    user: toLoggedUser(user, company, locale, deps.config.restrictedCompanies),
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

/**
 * POST /users/renewtoken: a new access token and a new refresh identifier; the old one stops working. A signed
 * identifier that is no longer its session's current one is a replay (someone kept a copy): the whole session
 * ends, its access tokens and its current refresh identifier with it (decision 9), and the replay is audited.
 */
export async function renewToken(deps: AppDeps, refreshId: string, client: ClientInfo) {
  const oldHash = sha256(refreshId);
  const session = await repo.findSessionByRefresh(deps.db, oldHash);
  if (!session) {
    const replayed = sessionOfRefreshId(deps.jwtSecret, refreshId);
    if (replayed) await endReplayedSession(deps, replayed, client);
    throw new AppError('SESSION_EXPIRED');
  }
  if (session.revokedAt || session.expiresAt <= new Date()) throw new AppError('SESSION_EXPIRED');
  const user = await repo.findUserById(deps.db, session.userId);
  if (!user?.active) throw new AppError('SESSION_EXPIRED');
  const refresh = newRefreshId(deps.jwtSecret, session.id);
  const expiresAt = new Date(Date.now() + deps.config.refreshTokenTtl * 1000);
  if (!(await repo.rotateRefresh(deps.db, session.id, oldHash, sha256(refresh), expiresAt))) {
    // two renewals with one identifier: the other won, so this one is the replay
    await endReplayedSession(deps, session.id, client);
    throw new AppError('SESSION_EXPIRED');
  }
  const token = await signAccessToken(deps.jwtSecret, { sub: user.id, sid: session.id }, deps.config.accessTokenTtl);
  return { token, id: refresh, expiresIn: deps.config.accessTokenTtl };
}

async function endReplayedSession(deps: AppDeps, sessionId: string, client: ClientInfo) {
  const session = await repo.findSessionById(deps.db, sessionId);
  if (!session) return;
  // Two tabs of one browser share the stored identifier and may renew at the same moment: the one that lost the
  // race is no thief. Within a few seconds of the session's last rotation a second use is refused (it gets
  // nothing) but does not end the session; the tab then reads the identifier the other tab stored.
  const sinceRotation = Date.now() - new Date(session.lastUsedAt).getTime();
  if (!session.revokedAt && sinceRotation < deps.config.refreshReuseGraceSeconds * 1000) return;
  await withSystem(deps.db, async (trx) => {
    await repo.revokeSession(trx, session.id);
    // who replayed it is unknown: no user, the session's company, the caller's address
    await audit(
      trx,
      { companyId: session.companyId, userId: null, ip: client.ip, requestId: client.requestId },
      {
        action: 'auth.session.replayed',
        entity: 'user',
        id: session.userId,
        after: { sessionId: session.id, alreadyEnded: session.revokedAt !== null },
      },
    );
  });
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
    // a new password ends the e-mail's challenge and every address's lock on it
    await repo.clearAttemptsUnder(trx, emailKey(row.email));
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

/**
 * The signed-in context of a platform user (super administrator or watcher, who have no company) for work done on
 * their behalf outside a request (an import job); undefined for an unknown or inactive user or a company user.
 */
export async function actAsPlatformUser(
  deps: AppDeps,
  who: string | { email: string },
): Promise<AuthContext | undefined> {
  const user =
    typeof who === 'string' ? await repo.findUserById(deps.db, who) : await repo.findUserByEmail(deps.db, who.email);
  if (!user || user.companyId || !user.active) return undefined;
  return {
    userId: user.id,
    sessionId: '00000000-0000-0000-0000-000000000000',
    role: user.role as Role,
    companyId: null,
    company: null,
    user,
  };
}
