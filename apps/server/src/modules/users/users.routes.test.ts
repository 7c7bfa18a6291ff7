import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, useTestApp } from '../../../test/harness';
import { fileUpload } from '../../../test/multipart';

const t = useTestApp();

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082',
    'hex',
  ),
]);

const multipart = (name: string, bytes: Buffer, type = 'image/png') => fileUpload(name, bytes, type);

async function newUser(email: string, role = 'frontdesk', company: 'cl' | 'br' = 'cl') {
  const res = await t.post({ as: 'admin', company }, '/api/users', {
    name: `Usuario ${email}`,
    email,
    role,
    password: DEMO_PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; email: string };
}

describe('GET /api/users with search, role and status', () => {
  it('401 without a token, 403 for a role that manages nobody', async () => {
    expect((await t.call({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    expect((await t.get('frontdesk', '/api/users')).statusCode).toBe(403);
  });

  it('filters by search, role and status and counts the same rows; never lists another company', async () => {
    const u = await newUser('maria.filtro@andes.test');
    const list = await t.get('admin', '/api/users?search=FILTRO');
    expect(list.json().map((x: { email: string }) => x.email)).toEqual(['maria.filtro@andes.test']);
    const count = await t.get('admin', '/api/users/count?search=filtro&role=frontdesk');
    expect(count.json().count).toBe(1);
    const admins = await t.get('admin', '/api/users?role=admin');
    expect(admins.json().every((x: { role: string }) => x.role === 'admin')).toBe(true);
    const br = await t.get({ as: 'admin', company: 'br' }, '/api/users?search=filtro');
    expect(br.json()).toEqual([]);
    await t.patch('admin', `/api/users/delete/${u.id}`);
    const inactive = await t.get('admin', '/api/users?status=inactive&search=filtro');
    expect(inactive.json()).toHaveLength(1);
    const active = await t.get('admin', '/api/users/count?status=active&search=filtro');
    expect(active.json().count).toBe(0);
    const bad = await t.get('admin', '/api/users?role=king');
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH /api/users/delete/{id}', () => {
  it('401, 403 for a monitoring user on an admin, 404 for another company; deactivates once and signs out', async () => {
    const u = await newUser('pedro.baja@andes.test');
    const url = `/api/users/delete/${u.id}`;
    expect((await t.call({ method: 'PATCH', url })).statusCode).toBe(401);
    expect((await t.patch('frontdesk', url)).statusCode).toBe(403);
    expect((await t.patch({ as: 'admin', company: 'br' }, url)).statusCode).toBe(404);
    const admins = (await t.get('admin', '/api/users?role=admin')).json();
    const monitorTry = await t.patch('userMonitoring', `/api/users/delete/${admins[0].id}`);
    expect(monitorTry.statusCode).toBe(403);
    const token = await t.token({ email: u.email, password: DEMO_PASSWORD });
    const ok = await t.patch('admin', url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().active).toBe(false);
    const again = await t.call({ as: 'admin', method: 'PATCH', url, headers: { 'accept-language': 'en' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('El usuario ya está desactivado');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: u.email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).not.toBe(200);
    const rows = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', u.id).execute();
    expect(rows.map((r) => r.action)).toContain('user.deactivated');
  });

  it('nobody deactivates themself', async () => {
    const me = (await t.get('admin', '/api/users/me')).json().user;
    expect((await t.patch('admin', `/api/users/delete/${me.id}`)).statusCode).toBe(403);
  });
});

describe('PATCH /api/users/changePasswordOnEdit/{id}', () => {
  it('applies the password rules, sets the new password and asks for a change at the next sign-in', async () => {
    const u = await newUser('lucia.clave@andes.test');
    const url = `/api/users/changePasswordOnEdit/${u.id}`;
    expect((await t.call({ method: 'PATCH', url, payload: { password: 'Nueva.Clave.2026' } })).statusCode).toBe(401);
    expect((await t.patch('frontdesk', url, { password: 'Nueva.Clave.2026' })).statusCode).toBe(403);
    expect((await t.patch({ as: 'admin', company: 'br' }, url, { password: 'Nueva.Clave.2026' })).statusCode).toBe(404);
    const weak = await t.patch('admin', url, { password: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'PASSWORD_WEAK', field: 'password' });
    const ok = await t.patch('admin', url, { password: 'Nueva.Clave.2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().askPasswordChange).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: u.email, password: 'Nueva.Clave.2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.askPasswordChange).toBe(true);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: u.email, password: DEMO_PASSWORD },
    });
    expect(old.statusCode).not.toBe(200);
    // with the flag the user reaches only who they are, sign-out and the password change; the rest answers 403
    const temp = { authorization: `Bearer ${login.json().token}` };
    const held = await t.app.inject({ method: 'GET', url: '/api/fichas-clientes', headers: temp });
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: 'Debes cambiar tu contraseña antes de continuar.',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: temp })).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/changepassword/${u.id}`,
      headers: temp,
      payload: { oldPassword: 'Nueva.Clave.2026', password: 'Propia.Clave-2026', confirmPassword: 'Propia.Clave-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: u.email, password: 'Propia.Clave-2026' },
    });
    expect(again.json().user.askPasswordChange).toBe(false);
    const free = await t.app.inject({
      method: 'GET',
      url: '/api/fichas-clientes',
      headers: { authorization: `Bearer ${again.json().token}` },
    });
    expect(free.statusCode).toBe(200);
  });
});

describe('PATCH /api/users/addphoto/{id} and GET /api/users/photo/{id}', () => {
  it('stores an image of up to 2 MB, refuses anything else, and serves it back', async () => {
    const u = await newUser('tomas.foto@andes.test');
    const url = `/api/users/addphoto/${u.id}`;
    expect((await t.call({ method: 'PATCH', url, ...multipart('a.png', PNG) })).statusCode).toBe(401);
    expect((await t.call({ as: 'frontdesk', method: 'PATCH', url, ...multipart('a.png', PNG) })).statusCode).toBe(403);
    expect(
      (await t.call({ as: 'admin', company: 'br', method: 'PATCH', url, ...multipart('a.png', PNG) })).statusCode,
    ).toBe(404);
    const notImage = await t.call({
      as: 'admin',
      method: 'PATCH',
      url,
      ...multipart('a.png', Buffer.from('%PDF-1.4')),
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().code).toBe('PHOTO_FORMAT');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await t.call({ as: 'admin', method: 'PATCH', url, ...multipart('big.png', big) });
    expect(tooBig.json().code).toBe('PHOTO_TOO_LARGE');
    const ok = await t.call({ as: 'admin', method: 'PATCH', url, ...multipart('a.png', PNG) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().hasPhoto).toBe(true);
    const got = await t.get('admin', `/api/users/photo/${u.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const own = await t.call({ as: u.email, method: 'PATCH', url, ...multipart('b.png', PNG) });
    expect(own.statusCode).toBe(200);
  });
});

describe('assignable roles on create and edit', () => {
  it('a monitoring user creates only monitoring users; an allegations admin only coordinators', async () => {
    const m = await t.post('userMonitoring', '/api/users', {
      name: 'Monitor Dos',
      email: 'monitor.dos@andes.test',
      role: 'userMonitoring',
    });
    expect(m.statusCode).toBe(200);
    const f = await t.post('userMonitoring', '/api/users', {
      name: 'Front',
      email: 'front.no@andes.test',
      role: 'frontdesk',
    });
    expect(f.statusCode).toBe(403);
    const second = await t.call({
      as: 'admin',
      method: 'PATCH',
      url: `/api/users/${m.json().id}`,
      payload: { role: 'denouncesAdmin' },
      headers: { 'accept-language': 'en' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('La empresa ya tiene usuarios con el rol Administrador de Denuncias');
  });
});

describe('POST /api/support', () => {
  it('401, 403 for a role without support; sends the message with the user context to the support address', async () => {
    const payload = { subject: 'No puedo exportar', message: 'Al exportar fichas aparece un error.' };
    expect((await t.call({ method: 'POST', url: '/api/support', payload })).statusCode).toBe(401);
    expect((await t.post('auditor', '/api/support', payload)).statusCode).toBe(403);
    const bad = await t.post('frontdesk', '/api/support', { subject: '', message: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('subject');
    const ok = await t.post('frontdesk', '/api/support', payload);
    expect(ok.statusCode, ok.body).toBe(200);
    const mail = await t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'support.request')
      .executeTakeFirstOrThrow();
    expect(mail.toAddress).toBe('soporte@regcheck.app');
    expect(mail.subject).toBe('[Soporte] No puedo exportar');
    expect(mail.textBody).toContain('Al exportar fichas aparece un error.');
    expect(mail.textBody).toContain('frontdesk.cl@demo.regcheck.app');
    expect(mail.textBody).toContain('Ventanilla');
  });
});
