import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

// the routes behind /regcheck/admins: list, create and edit the platform accounts (super administrators, watchers)
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Platform.2026!';
const platformList = (as: string) =>
  t.call({ as, method: 'GET', url: '/api/users?platform=true&filter=%7B%22limit%22%3A100%7D' });

describe('/regcheck/admins: platform accounts', () => {
  it('401 without a session; a company administrator may not create a platform account (403) nor see one', async () => {
    expect((await t.call({ method: 'GET', url: '/api/users?platform=true' })).statusCode).toBe(401);
    const refused = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Intruso', email: 'intruso@platform.test', role: 'superAdmin', password: PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ROLE_NOT_ASSIGNABLE', field: 'role' });
    const own = await platformList('admin');
    expect(own.statusCode).toBe(200);
    expect(own.json().every((u: { role: string }) => u.role !== 'superAdmin' && u.role !== 'watcher')).toBe(true);
    // the watcher reads the PEP monitoring, not the users
    expect((await platformList('watcher')).statusCode).toBe(403);
  });

  it('the super administrator creates a super administrator and a watcher, lists and counts them, edits one; all audited', async () => {
    const before = (await t.call({ as: 'superAdmin', method: 'GET', url: '/api/users/count?platform=true' })).json()
      .count;
    const create = (role: string, email: string, extra: Record<string, unknown> = {}) =>
      t.call({
        as: 'superAdmin',
        method: 'POST',
        url: '/api/users',
        payload: { name: `Cuenta ${role}`, email, role, password: PASSWORD, ...extra },
      });
    const inCompany = await create('watcher', 'vigia.empresa@platform.test', { companyId: t.companies.cl });
    expect(inCompany.statusCode).toBe(403);
    expect(inCompany.json().code).toBe('ROLE_NOT_ASSIGNABLE');
    const companyRole = await create('admin', 'sin.empresa@platform.test');
    expect(companyRole.statusCode).toBe(400);
    expect(companyRole.json()).toMatchObject({ code: 'COMPANY_REQUIRED', field: 'companyId' });

    const root = await create('superAdmin', 'segundo.root@platform.test');
    expect(root.statusCode, root.body).toBe(200);
    expect(root.json()).toMatchObject({ role: 'superAdmin', companyId: null });
    const watcher = await create('watcher', 'vigia@platform.test');
    expect(watcher.json()).toMatchObject({ role: 'watcher', companyId: null });
    const taken = await create('watcher', 'VIGIA@platform.test');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');

    const listed = (await platformList('superAdmin')).json() as {
      email: string;
      role: string;
      companyId: string | null;
    }[];
    expect(listed.map((u) => u.email)).toEqual(
      expect.arrayContaining(['segundo.root@platform.test', 'vigia@platform.test']),
    );
    expect(listed.every((u) => u.companyId === null)).toBe(true);
    const after = (await t.call({ as: 'superAdmin', method: 'GET', url: '/api/users/count?platform=true' })).json()
      .count;
    expect(after).toBe(before + 2);

    const edited = await t.call({
      as: 'superAdmin',
      method: 'PATCH',
      url: `/api/users/${watcher.json().id}`,
      payload: { name: 'Vigía PEP' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().name).toBe('Vigía PEP');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'segundo.root@platform.test', password: PASSWORD },
    });
    expect(signIn.json().user).toMatchObject({ role: 'superAdmin', company: null });

    const actions = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entityId'])
      .where('entityId', 'in', [root.json().id, watcher.json().id])
      .execute();
    expect(actions.filter((a) => a.action === 'user.created')).toHaveLength(2);
    expect(actions.some((a) => a.action === 'user.updated' && a.entityId === watcher.json().id)).toBe(true);
  });
});
