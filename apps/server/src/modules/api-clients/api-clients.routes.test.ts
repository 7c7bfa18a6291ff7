import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('external API credentials and the token service', () => {
  it('401, 403, then the company admin creates credentials whose token acts within the company', async () => {
    expect((await t.call({ method: 'GET', url: '/api/api-clients' })).statusCode).toBe(401);
    expect((await t.call({ as: 'adminNoUser', method: 'GET', url: '/api/api-clients' })).statusCode).toBe(403);
    const created = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/api-clients',
      payload: { name: 'Core banking', role: 'frontdesk' },
    });
    expect(created.statusCode).toBe(200);
    const { client, secret } = created.json();
    expect(client).toMatchObject({ name: 'Core banking', role: 'frontdesk', active: true });
    const stored = await t.deps.db
      .selectFrom('apiClients')
      .select('secretHash')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(stored.secretHash).toMatch(/^\$argon2id\$/);
    expect(stored.secretHash).not.toContain(secret);

    const tok = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { authorization: basic(client.clientId, secret) },
    });
    expect(tok.statusCode).toBe(200);
    expect(tok.json().expiresIn).toBe(60);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tok.json().token}` },
    });
    expect(me.json().user).toMatchObject({ role: 'frontdesk', company: { id: t.companies.cl } });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { authorization: basic(client.clientId, 'nope') },
    });
    expect(wrong.statusCode).toBe(401);

    const other = await t.call({
      as: 'admin',
      company: 'br',
      method: 'PATCH',
      url: `/api/api-clients/${client.id}`,
      payload: { active: false },
    });
    expect(other.statusCode).toBe(404);
    const off = await t.call({
      as: 'admin',
      method: 'PATCH',
      url: `/api/api-clients/${client.id}`,
      payload: { active: false },
    });
    expect(off.json().active).toBe(false);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tok.json().token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/oauth/token',
          headers: { authorization: basic(client.clientId, secret) },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('cannot give the client a role the admin may not assign', async () => {
    const res = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/api-clients',
      payload: { name: 'x', role: 'superAdmin' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ROLE_NOT_ASSIGNABLE');
  });
});
