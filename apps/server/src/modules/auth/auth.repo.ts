import { sql } from 'kysely';
import type { CompanyRow, UserRow } from '../../db/schema';
import type { Executor } from '../../db/tenant';

export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
}

/**
 * The caller of an access token in one query (this runs on every authenticated request): the live session
 * (not revoked, not expired), its active user, and the user's company when it is active.
 */
export async function findSessionCaller(
  db: Executor,
  sessionId: string,
  userId: string,
): Promise<{ user: UserRow; company: CompanyRow | null } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .leftJoin('companies', (j) => j.onRef('companies.id', '=', 'users.companyId').on('companies.status', '=', 'active'))
    .selectAll('users')
    .select([
      'companies.id as cId',
      'companies.name as cName',
      'companies.country as cCountry',
      'companies.language as cLanguage',
      'companies.massiveBulks as cMassiveBulks',
      'companies.allegationsChannelStatus as cAllegations',
      'companies.settings as cSettings',
      'companies.status as cStatus',
      'companies.createdAt as cCreatedAt',
      'companies.updatedAt as cUpdatedAt',
      'companies.deletedAt as cDeletedAt',
      'companies.deletedBy as cDeletedBy',
      'companies.logoKey as cLogoKey',
      'companies.commercialActivityId as cActivity',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.userId', '=', userId)
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', new Date())
    .where('users.deletedAt', 'is', null)
    .where('users.active', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    cId,
    cName,
    cCountry,
    cLanguage,
    cMassiveBulks,
    cAllegations,
    cSettings,
    cStatus,
    cCreatedAt,
    cUpdatedAt,
    cDeletedAt,
    cDeletedBy,
    cLogoKey,
    cActivity,
    ...user
  } = row;
  const company: CompanyRow | null =
    cId && cName && cCountry && cLanguage && cStatus && cCreatedAt && cUpdatedAt
      ? {
          id: cId,
          name: cName,
          country: cCountry,
          language: cLanguage,
          massiveBulks: cMassiveBulks ?? false,
          allegationsChannelStatus: cAllegations ?? 'inactive',
          settings: cSettings ?? {},
          status: cStatus,
          createdAt: cCreatedAt,
          updatedAt: cUpdatedAt,
          deletedAt: cDeletedAt ?? null,
          deletedBy: cDeletedBy ?? null,
          logoKey: cLogoKey ?? null,
          commercialActivityId: cActivity ?? null,
        }
      : null;
  return { user: user as UserRow, company };
}

export async function insertSession(
  db: Executor,
  s: {
    /** chosen by the caller when the refresh identifier must name it (tokens.newRefreshId) */
    id?: string;
    userId: string;
    companyId: string | null;
    refreshHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  const row = await db.insertInto('sessions').values(s).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findSessionByRefresh(db: Executor, refreshHash: string) {
  return db.selectFrom('sessions').selectAll().where('refreshHash', '=', refreshHash).executeTakeFirst();
}

export function findSessionById(db: Executor, id: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Rotates the refresh identifier only if it is still the one presented (two renewals cannot both win). */
export async function rotateRefresh(db: Executor, id: string, oldHash: string, newHash: string, expiresAt: Date) {
  const r = await db
    .updateTable('sessions')
    .set({ refreshHash: newHash, lastUsedAt: new Date(), expiresAt })
    .where('id', '=', id)
    .where('refreshHash', '=', oldHash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeSession(db: Executor, id: string) {
  await db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Executor, userId: string, exceptSessionId?: string) {
  let q = db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

export function getAttempt(db: Executor, key: string) {
  return db.selectFrom('loginAttempts').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Counts a failure for the key within a window; at `max` failures the key is locked for `lockMinutes`.
 * Returns whether this failure locked it.
 */
export async function recordFailure(
  db: Executor,
  key: string,
  max: number,
  windowMinutes: number,
  lockMinutes: number,
) {
  const now = new Date();
  const windowStart = new Date(now.getTime() - windowMinutes * 60_000);
  const prev = await getAttempt(db, key);
  const failures = prev && prev.windowStart > windowStart ? prev.failures + 1 : 1;
  const lock = failures >= max ? new Date(now.getTime() + lockMinutes * 60_000) : null;
  await db
    .insertInto('loginAttempts')
    .values({
      key,
      failures: lock ? 0 : failures,
      windowStart: failures === 1 ? now : (prev?.windowStart ?? now),
      lockedUntil: lock,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: lock ? 0 : failures,
        windowStart: failures === 1 ? now : (prev?.windowStart ?? now),
        lockedUntil: lock,
      }),
    )
    .execute();
  return { locked: lock !== null, lockedUntil: lock };
}

export async function clearAttempts(db: Executor, key: string) {
  await db.deleteFrom('loginAttempts').where('key', '=', key).execute();
}

/** Clears a key and every key under it (`<key>|<address>`): an e-mail's count and its per-address locks. */
export async function clearAttemptsUnder(db: Executor, key: string) {
  await db
    .deleteFrom('loginAttempts')
    .where((eb) => eb.or([eb('key', '=', key), eb(sql<boolean>`starts_with(key, ${`${key}|`})`, '=', true)]))
    .execute();
}

export async function insertResetToken(
  db: Executor,
  t: { userId: string; companyId: string | null; tokenHash: string; expiresAt: Date },
) {
  await db.insertInto('passwordResetTokens').values(t).execute();
}

export function findResetToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('passwordResetTokens')
    .innerJoin('users', 'users.id', 'passwordResetTokens.userId')
    .select([
      'passwordResetTokens.id',
      'passwordResetTokens.userId',
      'passwordResetTokens.companyId',
      'passwordResetTokens.expiresAt',
      'passwordResetTokens.usedAt',
      'users.email',
      'users.active',
    ])
    .where('passwordResetTokens.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markResetTokenUsed(db: Executor, id: string) {
  const r = await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: new Date() })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function countRecentResetTokens(db: Executor, userId: string, since: Date) {
  return db
    .selectFrom('passwordResetTokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
}

export async function setPassword(db: Executor, userId: string, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ passwordHash, askPasswordChange: false, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function touchLogin(db: Executor, userId: string) {
  await db.updateTable('users').set({ lastLoginAt: new Date() }).where('id', '=', userId).execute();
}
