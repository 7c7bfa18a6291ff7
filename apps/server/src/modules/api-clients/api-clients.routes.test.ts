import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('external API credentials and the token service', () => {
  it('401, 403, then the company admin creates credentials whose token acts within the company', async () => {
    expect((await t.call({ method: 'GET', url: '/api/api-clients' })).statusCode).toBe(401);
    expect((await t.get('adminNoUser', '/api/api-clients')).statusCode).toBe(403);
    const created = await t.post('admin', '/api/api-clients', { name: 'Core banking', role: 'frontdesk' });
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

    const other = await t.patch({ as: 'admin', company: 'br' }, `/api/api-clients/${client.id}`, { active: false });
    expect(other.statusCode).toBe(404);
    const off = await t.patch('admin', `/api/api-clients/${client.id}`, { active: false });
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
    const res = await t.post('admin', '/api/api-clients', { name: 'x', role: 'superAdmin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ROLE_NOT_ASSIGNABLE');
  });

  it('rotates a secret (the old one stops working), records the last use, and revokes for good', async () => {
    const created = (await t.post('admin', '/api/api-clients', { name: 'ERP', role: 'frontdesk' })).json();
    const id = created.client.id as string;
    const clientId = created.client.clientId as string;
    expect(created.client.lastUsedAt).toBeNull();
    const token = (secret: string) =>
      t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: { authorization: basic(clientId, secret) } });
    expect((await token(created.secret)).statusCode).toBe(200);
    const listed = (await t.get('admin', '/api/api-clients')).json();
    expect(listed.find((c: { id: string }) => c.id === id).lastUsedAt).not.toBeNull();

    const rotateUrl = `/api/api-clients/${id}/rotate`;
    expect((await t.call({ method: 'POST', url: rotateUrl })).statusCode).toBe(401);
    expect((await t.post('frontdesk', rotateUrl)).statusCode).toBe(403);
    expect((await t.post({ as: 'admin', company: 'br' }, rotateUrl)).statusCode).toBe(404);
    const rotated = await t.post('admin', rotateUrl);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(created.secret);
    expect((await token(created.secret)).statusCode).toBe(401);
    expect((await token(newSecret)).statusCode).toBe(200);

    const revokeUrl = `/api/api-clients/${id}`;
    expect((await t.del({ as: 'admin', company: 'br' }, revokeUrl)).statusCode).toBe(404);
    const revoked = await t.del('admin', revokeUrl);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ active: false });
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await token(newSecret)).statusCode).toBe(401);
    const again = await t.del('admin', revokeUrl);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta credencial de API fue revocada');
    const reopen = await t.patch('admin', revokeUrl, { active: true });
    expect(reopen.statusCode).toBe(409);
    expect((await t.post('admin', rotateUrl)).statusCode).toBe(409);
    const actions = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', id).execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['apiClient.created', 'apiClient.rotated', 'apiClient.revoked']),
    );
  });
});
