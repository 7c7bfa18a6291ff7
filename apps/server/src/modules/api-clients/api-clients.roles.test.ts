import {
  assignableRoles,
  COMPANY_ROLES,
  PERMISSION_KEYS,
  PERMISSIONS,
  type PermissionKey,
  ROLES,
  type Role,
} from '@regcheck/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { withTenant } from '../../db/tenant';
import { hashPassword, randomToken } from '../../lib/crypto';
import { openClientSession } from '../auth/auth.service';
import { createApiUser } from '../users/users.service';
import { insertApiClient } from './api-clients.repo';

// Issue 22: a credential never outranks its creator, never reads the whistleblowing channel, and the company's
// one-place roles count it. Every expectation below is read from the permission table (packages/shared), so a new
// role or a changed key is covered without writing a test.

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const holds = (role: Role, key: PermissionKey) => (PERMISSIONS[key].roles as readonly Role[]).includes(role);
/** The allegations roles: whoever holds a key of the whistleblowing channel. */
const readsAllegations = (role: Role) => holds(role, 'allegations') || holds(role, 'denouncesAdmin');
/** A role outranks another when it holds a key the other lacks. */
const outranks = (role: Role, than: Role) => PERMISSION_KEYS.some((k) => holds(role, k) && !holds(than, k));

/** What POST /api-clients answers `creator` (a demo user of the Chilean company, channel active) for `role`. */
function expected(creator: Role, role: Role): { status: number; code?: string } {
  if (!holds(creator, 'externalApi')) return { status: 403, code: 'FORBIDDEN' };
  if (readsAllegations(role)) return { status: 403, code: 'API_CLIENT_ROLE_REFUSED' };
  const givable = assignableRoles(creator, 'users', { allegationsChannelActive: true });
  if (!givable.includes(role) || outranks(role, creator)) return { status: 403, code: 'ROLE_NOT_ASSIGNABLE' };
  return { status: 200 };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const tokenOf = (clientId: string, secret: string) =>
  t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: { authorization: basic(clientId, secret) } });
const bearer = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** A credential as the code before issue 22 made it (any role the admin could give a person), with its secret. */
async function legacyClient(companyId: string, role: Role) {
  const secret = randomToken(32);
  const secretHash = await hashPassword(secret);
  const clientId = `rc_${randomToken(12)}`;
  const creator = await t.deps.db
    .selectFrom('users')
    .select('id')
    .where('companyId', '=', companyId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  const row = await withTenant(t.deps.db, companyId, async (trx) => {
    const user = await createApiUser(trx, {
      companyId,
      name: `API: legacy ${role}`,
      email: `${clientId.toLowerCase()}@api-clients.regcheck.internal`,
      role,
      createdBy: creator.id,
    });
    return insertApiClient(trx, {
      companyId,
      userId: user.id,
      name: `legacy ${role}`,
      clientId,
      secretHash,
      createdBy: creator.id,
    });
  });
  return { ...row, secret };
}

const activeHolders = async (companyId: string, role: Role) =>
  (
    await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('companyId', '=', companyId)
      .where('role', '=', role)
      .where('active', '=', true)
      .where('deletedAt', 'is', null)
      .execute()
  ).length;

describe('the roles an API credential may carry (every company role x every role, from the permission table)', () => {
  it('the table refuses the allegations roles to every credential and lets the admin give some role', () => {
    const allegations = ROLES.filter(readsAllegations);
    expect(allegations.length).toBeGreaterThan(0);
    for (const creator of COMPANY_ROLES)
      for (const role of allegations) expect(expected(creator, role).status).toBe(403);
    expect(COMPANY_ROLES.some((creator) => ROLES.some((role) => expected(creator, role).status === 200))).toBe(true);
  });

  for (const creator of COMPANY_ROLES) {
    it(`${creator} creates exactly the credentials the table allows, each acting with its role and nothing more`, async () => {
      for (const role of ROLES) {
        const want = expected(creator, role);
        const res = await t.post(creator, '/api/api-clients', { name: `${creator} as ${role}`, role });
        expect(res.statusCode, `${creator} -> ${role}: ${res.body}`).toBe(want.status);
        if (want.status !== 200) {
          expect(res.json().code, `${creator} -> ${role}`).toBe(want.code);
          continue;
        }
        const { client, secret } = res.json();
        expect(client.role).toBe(role);
        const tok = await tokenOf(client.clientId, secret);
        expect(tok.statusCode, `${creator} -> ${role}`).toBe(200);
        const me = await bearer(tok.json().token, '/api/users/me');
        expect(me.json().user).toMatchObject({ role, company: { id: t.companies.cl } });
        // the issue's door: the token of a credential never reads the whistleblowing channel
        expect((await bearer(tok.json().token, '/api/denuncia')).statusCode, `${creator} -> ${role}`).toBe(403);
      }
    });
  }

  it('no credential was created with a refused role (the database agrees with the answers)', async () => {
    const rows = await t.deps.db
      .selectFrom('apiClients')
      .innerJoin('users', 'users.id', 'apiClients.userId')
      .select('users.role as role')
      .where('apiClients.companyId', '=', t.companies.cl)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(readsAllegations(r.role as Role), r.role).toBe(false);
  });
});

describe('the one allegations administrator counts credentials', () => {
  it('a human gets the 409 a credential gets a 403 for, and the company keeps one allegations administrator', async () => {
    const cl = t.companies.cl;
    expect(await activeHolders(cl, 'denouncesAdmin')).toBe(1);
    const human = await t.post('admin', '/api/users', {
      name: 'Segundo',
      email: 'second.denounces@regcheck.test',
      role: 'denouncesAdmin',
    });
    expect(human.statusCode).toBe(409);
    expect(human.json().code).toBe('DENOUNCES_ADMIN_EXISTS');
    const credential = await t.post('admin', '/api/api-clients', { name: 'x', role: 'denouncesAdmin' });
    expect(credential.statusCode).toBe(403);
    expect(credential.json()).toMatchObject({ code: 'API_CLIENT_ROLE_REFUSED', field: 'role' });
    expect(credential.json().message).toContain('denouncesAdmin');
    expect(await activeHolders(cl, 'denouncesAdmin')).toBe(1);
  });

  it('a credential holding the place (made before the rule) takes it from a person until it is revoked', async () => {
    const br = t.companies.br;
    const person = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('companyId', '=', br)
      .where('role', '=', 'denouncesAdmin')
      .executeTakeFirstOrThrow();
    const off = await t.patch({ as: 'admin', company: 'br' }, `/api/users/${person.id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await activeHolders(br, 'denouncesAdmin')).toBe(0);
    const legacy = await legacyClient(br, 'denouncesAdmin');

    const create = () =>
      t.post({ as: 'admin', company: 'br' }, '/api/users', {
        name: 'Nova',
        email: `denounces.${randomToken(4)}@regcheck.test`,
        role: 'denouncesAdmin',
      });
    const taken = await create();
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('DENOUNCES_ADMIN_EXISTS');
    // switching the person back on would give the place a second time
    const back = await t.patch({ as: 'admin', company: 'br' }, `/api/users/${person.id}`, { active: true });
    expect(back.statusCode).toBe(409);
    expect(back.json().code).toBe('DENOUNCES_ADMIN_EXISTS');
    const frontdesk = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('companyId', '=', br)
      .where('role', '=', 'frontdesk')
      .executeTakeFirstOrThrow();
    const changed = await t.patch({ as: 'admin', company: 'br' }, `/api/users/${frontdesk.id}`, {
      role: 'denouncesAdmin',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('DENOUNCES_ADMIN_EXISTS');

    const revoked = await t.del({ as: 'admin', company: 'br' }, `/api/api-clients/${legacy.id}`);
    expect(revoked.statusCode).toBe(200);
    const created = await create();
    expect(created.statusCode, created.body).toBe(200);
    expect(await activeHolders(br, 'denouncesAdmin')).toBe(1);
  });
});

describe('credentials made before the rule with an allegations role stop working', () => {
  it('gets no token (a clear 403, audited), while a wrong secret is still a plain 401', async () => {
    for (const role of ROLES.filter(readsAllegations)) {
      const legacy = await legacyClient(t.companies.cl, role);
      const wrong = await tokenOf(legacy.clientId, 'nope');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
      const refused = await tokenOf(legacy.clientId, legacy.secret);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().code).toBe('API_CLIENT_ROLE_REFUSED');
      expect(refused.json().message).toBe(
        `Una credencial de API no puede tener el rol ${role}: las denuncias las leen personas, nunca integraciones. ` +
          'Usa una credencial con otro rol',
      );
      const failures = await t.deps.db
        .selectFrom('auditLog')
        .select('after')
        .where('entityId', '=', legacy.id)
        .where('action', '=', 'apiClient.token.failure')
        .execute();
      expect(failures.map((f) => f.after)).toContainEqual(expect.objectContaining({ role, reason: 'roleRefused' }));
      const row = await t.deps.db
        .selectFrom('apiClients')
        .select('lastUsedAt')
        .where('id', '=', legacy.id)
        .executeTakeFirstOrThrow();
      expect(row.lastUsedAt).toBeNull();
    }
  });

  it('a token issued before the rule reaches nothing, the channel included; people of the role still read it', async () => {
    for (const role of ROLES.filter(readsAllegations)) {
      const legacy = await legacyClient(t.companies.cl, role);
      const token = await openClientSession(t.deps, legacy, '127.0.0.1', 60);
      expect(token).toBeTruthy();
      for (const url of ['/api/denuncia', '/api/users/me']) {
        const res = await bearer(token as string, url);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json().code).toBe('API_CLIENT_ROLE_REFUSED');
      }
      const person = await t.get(role, '/api/denuncia');
      expect(person.statusCode, `${role} person`).toBe(200);
    }
  });

  it('cannot be switched back on once paused', async () => {
    const legacy = await legacyClient(t.companies.cl, 'denouncesCoordinator');
    const url = `/api/api-clients/${legacy.id}`;
    const paused = await t.patch('admin', url, { active: false });
    expect(paused.statusCode).toBe(200);
    const reopened = await t.patch('admin', url, { active: true });
    expect(reopened.statusCode).toBe(403);
    expect(reopened.json().code).toBe('API_CLIENT_ROLE_REFUSED');
    const listed = (await t.get('admin', '/api/api-clients')).json();
    expect(listed.find((c: { id: string }) => c.id === legacy.id)).toMatchObject({ active: false });
  });
});
