import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/companies and POST /api/users: a tenant set up by script', () => {
  it('the super administrator creates a company and its admin; the admin signs in', async () => {
    const c = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Casa de Cambio Andes SpA', country: 'cl' },
    });
    expect(c.statusCode).toBe(200);
    expect(c.json()).toMatchObject({
      country: 'CL',
      language: 'es',
      massiveBulks: false,
      allegationsChannelStatus: 'inactive',
    });
    const br = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Imobiliária Sul', country: 'BR' },
    });
    expect(br.json().language).toBe('br');
    const u = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Ana Rojas',
        email: 'Ana@Andes.test',
        role: 'admin',
        companyId: c.json().id,
        password: 'Andes.2026!',
      },
    });
    expect(u.statusCode).toBe(200);
    expect(u.json()).toMatchObject({ email: 'ana@andes.test', role: 'admin', companyId: c.json().id });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'ana@andes.test', password: 'Andes.2026!' },
    });
    expect(login.json().user.company.name).toBe('Casa de Cambio Andes SpA');
    const audit = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', u.json().id).execute();
    expect(audit.map((a) => a.action)).toContain('user.created');
  });

  it('rejects a taken e-mail with the spec message', async () => {
    const res = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/users',
      payload: { name: 'X', email: 'FRONTDESK.BR@demo.regcheck.app', role: 'frontdesk', password: 'Abcdef1.' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
  });

  it('one denouncesAdmin per company', async () => {
    const res = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Second', email: 'second.da@demo.test', role: 'denouncesAdmin' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DENOUNCES_ADMIN_EXISTS');
  });

  it('assignable roles: a monitoring user only userMonitoring, an allegations admin only denouncesCoordinator', async () => {
    const bad = await t.call({
      as: 'userMonitoring',
      method: 'POST',
      url: '/api/users',
      payload: { name: 'M', email: 'm1@demo.test', role: 'admin' },
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().code).toBe('ROLE_NOT_ASSIGNABLE');
    const ok = await t.call({
      as: 'userMonitoring',
      method: 'POST',
      url: '/api/users',
      payload: { name: 'M', email: 'm2@demo.test', role: 'userMonitoring' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().companyId).toBe(t.companies.cl);
    const da = await t.call({
      as: 'denouncesAdmin',
      method: 'POST',
      url: '/api/users',
      payload: { name: 'C', email: 'c1@demo.test', role: 'frontdesk' },
    });
    expect(da.json().code).toBe('ROLE_NOT_ASSIGNABLE');
    const fd = await t.call({
      as: 'frontdesk',
      method: 'POST',
      url: '/api/users',
      payload: { name: 'C', email: 'c2@demo.test', role: 'frontdesk' },
    });
    expect(fd.statusCode).toBe(403);
    // a user created without a password gets the link to choose one
    const mail = await t.deps.db
      .selectFrom('outbox')
      .select(['kind', 'subject'])
      .where('toAddress', '=', 'm2@demo.test')
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('password.welcome');
  });

  it('names the invalid field', async () => {
    const res = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/users',
      payload: { name: 'N', email: 'not-an-email', role: 'frontdesk' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
    expect(res.json().message).toMatch(/email/);
  });

  it('a user changes their own language; the API then answers in it', async () => {
    const me = (await t.call({ as: 'supervisor', method: 'GET', url: '/api/users/me' })).json().user;
    const res = await t.call({
      as: 'supervisor',
      method: 'PATCH',
      url: `/api/users/${me.id}`,
      payload: { lang: 'en' },
    });
    expect(res.json().lang).toBe('en');
    const err = await t.call({ as: 'supervisor', method: 'GET', url: '/api/outbox' });
    expect(err.json().message).toBe('Not allowed');
    const role = await t.call({
      as: 'supervisor',
      method: 'PATCH',
      url: `/api/users/${me.id}`,
      payload: { role: 'admin' },
    });
    expect(role.statusCode).toBe(403);
  });
});
