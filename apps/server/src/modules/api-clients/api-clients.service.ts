import { assignableRoles, type Role } from '@regcheck/shared';
import type { Selectable } from 'kysely';
import type { ApiClientsTable } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import { findUserById, insertSession } from '../auth/auth.repo';
import { signAccessToken } from '../auth/tokens';
import * as repo from './api-clients.repo';

/** Access tokens of API clients live 60 s; the spec's client reuses one for up to 50 s, then asks again. */
export const API_TOKEN_TTL = 60;

export function toApiClientView(c: Selectable<ApiClientsTable>, role: string) {
  return {
    id: c.id,
    name: c.name,
    clientId: c.clientId,
    role,
    active: c.active,
    lastUsedAt: c.lastUsedAt ? c.lastUsedAt.toISOString() : null,
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * Creates API credentials for the caller's company. Each client acts through a technical user of the chosen role
 * (one the caller may assign), so permissions, tenancy and the audit trail work as for people. The secret is
 * shown once and stored as an argon2id hash.
 */
export async function createApiClient(deps: AppDeps, auth: AuthContext, body: { name: string; role?: Role }) {
  const companyId = auth.companyId as string;
  const role: Role = body.role ?? 'adminNoUser';
  const allowed = assignableRoles(auth.role, 'users', {
    allegationsChannelActive: auth.company?.allegationsChannelStatus === 'active',
  });
  if (!allowed.includes(role)) throw new AppError('ROLE_NOT_ASSIGNABLE', { field: 'role', params: { role } });
  const clientId = `rc_${randomToken(12)}`;
  const secret = randomToken(32);
  const secretHash = await hashPassword(secret);
  return withTenant(deps.db, companyId, async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        companyId,
        name: `API: ${body.name}`,
        email: `${clientId.toLowerCase()}@api-clients.regcheck.internal`,
        role,
        createdBy: auth.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await repo.insertApiClient(trx, {
      companyId,
      userId: user.id,
      name: body.name,
      clientId,
      secretHash,
      createdBy: auth.userId,
    });
    await insertAudit(trx, {
      companyId,
      userId: auth.userId,
      action: 'apiClient.created',
      entity: 'apiClient',
      entityId: row.id,
      after: { name: body.name, clientId, role },
    });
    return { client: toApiClientView(row, role), secret };
  });
}

export async function listApiClients(deps: AppDeps, auth: AuthContext) {
  const companyId = auth.companyId as string;
  return withTenant(deps.db, companyId, async (trx) => {
    const rows = await repo.listApiClients(trx, companyId);
    const users = rows.length
      ? await trx
          .selectFrom('users')
          .select(['id', 'role'])
          .where(
            'id',
            'in',
            rows.map((r) => r.userId),
          )
          .execute()
      : [];
    return rows.map((r) => toApiClientView(r, users.find((u) => u.id === r.userId)?.role ?? ''));
  });
}

export async function setApiClientActive(deps: AppDeps, auth: AuthContext, id: string, active: boolean) {
  const companyId = auth.companyId as string;
  return withTenant(deps.db, companyId, async (trx) => {
    const row = await repo.setActive(trx, companyId, id, active);
    if (!row) throw new AppError('NOT_FOUND');
    await trx.updateTable('users').set({ active }).where('id', '=', row.userId).execute();
    if (!active)
      await trx
        .updateTable('sessions')
        .set({ revokedAt: new Date() })
        .where('userId', '=', row.userId)
        .where('revokedAt', 'is', null)
        .execute();
    await insertAudit(trx, {
      companyId,
      userId: auth.userId,
      action: active ? 'apiClient.enabled' : 'apiClient.disabled',
      entity: 'apiClient',
      entityId: id,
    });
    const user = await trx.selectFrom('users').select('role').where('id', '=', row.userId).executeTakeFirst();
    return toApiClientView(row, user?.role ?? '');
  });
}

/** POST /oauth/token with HTTP Basic client_id:secret: a 60-second access token for the client's technical user. */
export async function issueClientToken(deps: AppDeps, authorization: string | undefined, ip: string) {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!m?.[1]) throw new AppError('INVALID_CREDENTIALS');
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  const clientId = decoded.slice(0, sep);
  const secret = decoded.slice(sep + 1);
  const client = sep > 0 ? await repo.findByClientId(deps.db, clientId) : undefined;
  const ok = await verifyPassword(client?.secretHash ?? null, secret);
  if (!client || !ok || !client.active) {
    await insertAudit(deps.db, {
      companyId: client?.companyId ?? null,
      userId: client?.userId ?? null,
      action: 'apiClient.token.failure',
      entity: 'apiClient',
      entityId: client?.id ?? null,
      after: { clientId },
      ip,
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  const user = await findUserById(deps.db, client.userId);
  if (!user?.active) throw new AppError('INVALID_CREDENTIALS');
  const sessionId = await insertSession(deps.db, {
    userId: user.id,
    companyId: client.companyId,
    refreshHash: sha256(randomToken(32)),
    expiresAt: new Date(Date.now() + API_TOKEN_TTL * 1000),
    ip,
    userAgent: 'api-client',
  });
  await repo.touch(deps.db, client.id);
  const token = await signAccessToken(deps.jwtSecret, { sub: user.id, sid: sessionId }, API_TOKEN_TTL);
  return { token, expiresIn: API_TOKEN_TTL, tokenType: 'Bearer' as const };
}
