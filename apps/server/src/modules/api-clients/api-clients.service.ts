import type { Role } from '@regcheck/shared';
import type { Selectable } from 'kysely';
import type { ApiClientsTable } from '../../db/schema';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { hashPassword, randomToken, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext, TenantCaller } from '../../plugins/context';
import { openClientSession, revokeSessionsOf } from '../auth';
import { createApiUser, ensureSinglePlaceFree, roleOf, rolesOf, setApiUserActive } from '../users';
import { clientRoleUsable, mayGiveClientRole } from './api-clients.policy';
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
    revokedAt: c.revokedAt ? c.revokedAt.toISOString() : null,
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * Creates API credentials for the caller's company. Each client acts through a technical user of the chosen role
 * (one of the users/credentials rule: never an allegations role, never one that outranks the caller), so
 * permissions, tenancy and the audit trail work as for people; the company's one-place roles count it. The secret
 * is shown once and stored as an argon2id hash.
 */
export async function createApiClient(deps: AppDeps, caller: TenantCaller, body: { name: string; role?: Role }) {
  const { companyId } = caller;
  const role: Role = body.role ?? 'adminNoUser';
  assertClientRole(caller, role);
  const clientId = `rc_${randomToken(12)}`;
  const secret = randomToken(32);
  const secretHash = await hashPassword(secret);
  return withTenant(deps.db, companyId, async (trx) => {
    await ensureSinglePlaceFree(trx, companyId, role);
    const user = await createApiUser(trx, {
      companyId,
      name: `API: ${body.name}`,
      email: `${clientId.toLowerCase()}@api-clients.regcheck.internal`,
      role,
      createdBy: caller.auth.userId,
    });
    const row = await repo.insertApiClient(trx, {
      companyId,
      userId: user.id,
      name: body.name,
      clientId,
      secretHash,
      createdBy: caller.auth.userId,
    });
    await audit(trx, caller, {
      action: 'apiClient.created',
      entity: 'apiClient',
      id: row.id,
      after: { name: body.name, clientId, role },
    });
    return { client: toApiClientView(row, role), secret };
  });
}

/** 403 API_CLIENT_ROLE_REFUSED for a role no credential carries, ROLE_NOT_ASSIGNABLE for one the caller may not give. */
function assertClientRole(caller: TenantCaller, role: Role) {
  if (!clientRoleUsable(role)) throw new AppError('API_CLIENT_ROLE_REFUSED', { field: 'role', params: { role } });
  if (!mayGiveClientRole(caller, role)) throw new AppError('ROLE_NOT_ASSIGNABLE', { field: 'role', params: { role } });
}

/** The company's API credentials, newest first, each with the role its technical user acts with. */
export async function listApiClients(deps: AppDeps, caller: TenantCaller) {
  const { companyId } = caller;
  return withTenant(deps.db, companyId, async (trx) => {
    const rows = await repo.listApiClients(trx, companyId);
    const roles = await rolesOf(
      trx,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => toApiClientView(r, roles.get(r.userId) ?? ''));
  });
}

type ClientRow = Selectable<ApiClientsTable>;

/** Changes credentials that are not revoked: 404 API_CLIENT_NOT_FOUND when not there, API_CLIENT_REVOKED if revoked. */
async function changeUsable(
  trx: Executor,
  companyId: string,
  id: string,
  change: (current: ClientRow) => Promise<ClientRow | undefined>,
): Promise<ClientRow> {
  const current = await repo.findApiClient(trx, companyId, id);
  if (!current) throw new AppError('API_CLIENT_NOT_FOUND');
  if (current.revokedAt) throw new AppError('API_CLIENT_REVOKED');
  const row = await change(current);
  if (!row) throw new AppError('API_CLIENT_NOT_FOUND');
  return row;
}

/** The view of one client, with the role of its technical user. */
async function viewOne(trx: Executor, row: ClientRow) {
  return toApiClientView(row, (await roleOf(trx, row.userId)) ?? '');
}

/**
 * Switches credentials on or off with their technical user; switching off signs that user out at once. Switching
 * on is giving the role again: the same rule as creating (403 for an allegations role or one the caller may not
 * give, 409 when the company's one place for the role is taken).
 */
export async function setApiClientActive(deps: AppDeps, caller: TenantCaller, id: string, active: boolean) {
  const { companyId } = caller;
  return withTenant(deps.db, companyId, async (trx) => {
    const row = await changeUsable(trx, companyId, id, async (current) => {
      if (active && !current.active) {
        const role = ((await roleOf(trx, current.userId)) ?? '') as Role;
        assertClientRole(caller, role);
        await ensureSinglePlaceFree(trx, companyId, role);
      }
      return repo.setActive(trx, companyId, id, active);
    });
    await setApiUserActive(trx, row.userId, active);
    if (!active) await revokeSessionsOf(trx, row.userId);
    await audit(trx, caller, { action: active ? 'apiClient.enabled' : 'apiClient.disabled', entity: 'apiClient', id });
    return viewOne(trx, row);
  });
}

/** POST /api-clients/{id}/rotate: a new secret, shown once; the old one and the tokens it gave stop working. */
export async function rotateApiClientSecret(deps: AppDeps, caller: TenantCaller, id: string) {
  const { companyId } = caller;
  const secret = randomToken(32);
  const secretHash = await hashPassword(secret);
  return withTenant(deps.db, companyId, async (trx) => {
    const row = await changeUsable(trx, companyId, id, () => repo.setSecret(trx, companyId, id, secretHash));
    await revokeSessionsOf(trx, row.userId);
    await audit(trx, caller, {
      action: 'apiClient.rotated',
      entity: 'apiClient',
      id,
      after: { clientId: row.clientId },
    });
    return { client: await viewOne(trx, row), secret };
  });
}

/** DELETE /api-clients/{id}: revokes credentials for good; their technical user is switched off and signed out. */
export async function revokeApiClient(deps: AppDeps, caller: TenantCaller, id: string) {
  const { companyId } = caller;
  return withTenant(deps.db, companyId, async (trx) => {
    const row = await changeUsable(trx, companyId, id, () => repo.revoke(trx, companyId, id));
    await setApiUserActive(trx, row.userId, false);
    await revokeSessionsOf(trx, row.userId);
    await audit(trx, caller, {
      action: 'apiClient.revoked',
      entity: 'apiClient',
      id,
      after: { clientId: row.clientId },
    });
    return viewOne(trx, row);
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
  if (!client || !ok || !client.active || client.revokedAt) {
    await audit(
      deps.db,
      { companyId: client?.companyId ?? null, userId: client?.userId ?? null, ip },
      { action: 'apiClient.token.failure', entity: 'apiClient', id: client?.id ?? null, after: { clientId } },
    );
    throw new AppError('INVALID_CREDENTIALS');
  }
  // a credential made before the rule with a role no credential carries (an allegations role) gets no token
  const role = (await roleOf(deps.db, client.userId)) ?? '';
  if (!clientRoleUsable(role)) {
    await audit(
      deps.db,
      { companyId: client.companyId, userId: client.userId, ip },
      {
        action: 'apiClient.token.failure',
        entity: 'apiClient',
        id: client.id,
        after: { clientId, role, reason: 'roleRefused' },
      },
    );
    throw new AppError('API_CLIENT_ROLE_REFUSED', { params: { role } });
  }
  const token = await openClientSession(deps, client, ip, API_TOKEN_TTL);
  if (!token) throw new AppError('INVALID_CREDENTIALS');
  await repo.touch(deps.db, client.id);
  return { token, expiresIn: API_TOKEN_TTL, tokenType: 'Bearer' as const };
}

/**
 * Whether a signed-in caller is an API credential acting with a role no credential carries (made before the rule):
 * the access plugin refuses every request of such a token, so one issued before the rule reaches nothing either.
 * Only callers with such a role cost a look-up.
 */
export async function refusedClientRole(deps: AppDeps, auth: Pick<AuthContext, 'role' | 'userId'>): Promise<boolean> {
  if (clientRoleUsable(auth.role)) return false;
  return (await repo.findByUserId(deps.db, auth.userId)) !== undefined;
}
