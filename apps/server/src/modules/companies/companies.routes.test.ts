import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, useTestApp } from '../../../test/harness';
import { fileUpload } from '../../../test/multipart';

const t = useTestApp();

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);

const multipart = (name: string, bytes: Buffer, type = 'image/png') => fileUpload(name, bytes, type);

async function newCompany(name: string) {
  const res = await t.post('superAdmin', '/api/companies', { name, country: 'CL' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

describe('PATCH /api/companies/addlogo/{id} and GET /api/companies/viewlogo/{id}', () => {
  it('401, 403 for a company admin, 404 for an unknown company; refuses what is not an image; serves it back', async () => {
    const c = await newCompany('Logo SpA');
    const url = `/api/companies/addlogo/${c.id}`;
    expect((await t.call({ method: 'PATCH', url, ...multipart('l.png', PNG) })).statusCode).toBe(401);
    expect((await t.call({ as: 'admin', method: 'PATCH', url, ...multipart('l.png', PNG) })).statusCode).toBe(403);
    const unknown = `/api/companies/addlogo/00000000-0000-4000-8000-000000000000`;
    expect(
      (await t.call({ as: 'superAdmin', method: 'PATCH', url: unknown, ...multipart('l.png', PNG) })).statusCode,
    ).toBe(404);
    const pdf = await t.call({
      as: 'superAdmin',
      method: 'PATCH',
      url,
      ...multipart('l.pdf', Buffer.from('%PDF-1.4 x')),
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ code: 'LOGO_FORMAT', field: 'file' });
    // a refused logo leaves no logo: no stored file, no key, nothing to view, nothing audited
    const refused = await t.get('superAdmin', `/api/companies/${c.id}`);
    expect(refused.json().hasLogo).toBe(false);
    expect((await t.get('superAdmin', `/api/companies/viewlogo/${c.id}`)).statusCode).toBe(404);
    const logoDir = path.join(t.deps.config.dataDir, 'files', 'companies', c.id);
    expect(fs.existsSync(logoDir) ? fs.readdirSync(logoDir) : []).toEqual([]);
    const early = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', c.id)
      .where('action', '=', 'company.logo.changed')
      .execute();
    expect(early).toEqual([]);
    const tooBig = await t.call({
      as: 'superAdmin',
      method: 'PATCH',
      url,
      ...multipart('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])),
    });
    expect(tooBig.json().code).toBe('LOGO_TOO_LARGE');
    const ok = await t.call({ as: 'superAdmin', method: 'PATCH', url, ...multipart('l.png', PNG) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().hasLogo).toBe(true);
    expect(fs.readdirSync(logoDir)).toHaveLength(1);
    const got = await t.get('superAdmin', `/api/companies/viewlogo/${c.id}`);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    // a company user sees only their own company's logo
    expect((await t.get('admin', `/api/companies/viewlogo/${c.id}`)).statusCode).toBe(404);
    const actions = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', c.id).execute();
    expect(actions.map((a) => a.action)).toContain('company.logo.changed');
  });
});

describe('PATCH /api/companies/{id}', () => {
  it('401, 403 for a company administrator, 404 unknown, 400 naming the field; the change is audited with before and after', async () => {
    const c = await newCompany('Cambios SpA');
    const url = `/api/companies/${c.id}`;
    expect((await t.call({ method: 'PATCH', url, payload: { name: 'X' } })).statusCode).toBe(401);
    expect((await t.patch('admin', url, { name: 'X' })).statusCode).toBe(403);
    const unknown = await t.patch('superAdmin', '/api/companies/00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.call({
      as: 'superAdmin',
      method: 'PATCH',
      url,
      payload: { country: 'Chile' },
      headers: { 'accept-language': 'es' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('country');
    expect(bad.json().message).toContain('country');
    const ok = await t.patch('superAdmin', url, {
      name: 'Cambios Limitada',
      massiveBulks: true,
      allegationsChannelStatus: 'active',
      settings: { requestLimit: 500 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['before', 'after', 'companyId', 'userId'])
      .where('entityId', '=', c.id)
      .where('action', '=', 'company.updated')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.companyId).toBe(c.id);
    expect(rows[0]?.userId).toBeTruthy();
    expect(rows[0]?.before).toMatchObject({
      name: 'Cambios SpA',
      massiveBulks: false,
      allegationsChannelStatus: 'inactive',
    });
    expect(rows[0]?.after).toMatchObject({
      name: 'Cambios Limitada',
      massiveBulks: true,
      allegationsChannelStatus: 'active',
      settings: { requestLimit: 500 },
    });
  });
});

describe("the company's tax id (settings.taxId)", () => {
  it("is its country's document: a RUT with a wrong check digit is refused naming the field in es, pt-BR and en, and nothing changes", async () => {
    const c = await newCompany('Rut SpA');
    const url = `/api/companies/${c.id}`;
    for (const [lang, words] of [
      ['es', 'RUT de la empresa'],
      ['br', 'RUT da empresa'],
      ['en', "company's RUT"],
    ] as const) {
      const bad = await t.call({
        as: 'superAdmin',
        method: 'PATCH',
        url,
        payload: { settings: { taxId: '76.086.428-4' } },
        headers: { 'accept-language': lang === 'br' ? 'pt-BR' : lang },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'COMPANY_TAX_ID_INVALID', field: 'settings.taxId' });
      expect(bad.json().message).toContain(words);
    }
    const ok = await t.patch('superAdmin', url, { settings: { taxId: '76.086.428-5' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings.taxId).toBe('76086428-5');
    // a CNPJ is not a Chilean company's document; a Brazilian company's CNPJ is checked by its own digits
    const cnpj = await t.patch('superAdmin', url, { settings: { taxId: '11.222.333/0001-81' } });
    expect(cnpj.statusCode).toBe(400);
    const moved = await t.patch('superAdmin', url, { country: 'BR', settings: { taxId: '11.222.333/0001-81' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().settings.taxId).toBe('11222333000181');
    const cleared = await t.patch('superAdmin', url, { settings: { taxId: '' } });
    expect(cleared.json().settings.taxId).toBeUndefined();
  });

  it('a new company with an invalid one is not created', async () => {
    const before = await t.deps.db
      .selectFrom('companies')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await t.post('superAdmin', '/api/companies', {
      name: 'Sin RUT válido SpA',
      country: 'CL',
      settings: { taxId: '12.345.678-9' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('settings.taxId');
    const after = await t.deps.db
      .selectFrom('companies')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('PATCH /api/companies/delete/{id}', () => {
  it('401, 403; switches the company and its users off, once; a second delete is a 409', async () => {
    const c = await newCompany('Cierre SpA');
    const user = await t.post('superAdmin', '/api/users', {
      name: 'Ana',
      email: 'ana@cierre.test',
      role: 'admin',
      companyId: c.id,
      password: DEMO_PASSWORD,
    });
    expect(user.statusCode).toBe(200);
    const token = await t.token({ email: 'ana@cierre.test', password: DEMO_PASSWORD });
    const url = `/api/companies/delete/${c.id}`;
    expect((await t.call({ method: 'PATCH', url })).statusCode).toBe(401);
    expect((await t.patch('admin', url)).statusCode).toBe(403);
    const ok = await t.patch('superAdmin', url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('inactive');
    const again = await t.patch('superAdmin', url);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('COMPANY_ALREADY_DELETED');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'ana@cierre.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).not.toBe(200);
    const actions = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', c.id).execute();
    expect(actions.map((a) => a.action)).toContain('company.deleted');
  });
});

async function companyUser(companyId: string, name: string, role: string) {
  const res = await t.post('superAdmin', '/api/users', {
    name,
    email: `${name.replace(/\W/g, '').toLowerCase()}.${Date.now()}@example.test`,
    role,
    companyId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

describe('GET and PATCH /api/companies/reportFlows/{id}', () => {
  it('401, 403 for a company administrator, 404 unknown, 400 bad type or user; one flow per type, audited', async () => {
    const c = await newCompany('Flujos SpA');
    const laura = await companyUser(c.id, 'Laura Pérez', 'admin');
    const jorge = await companyUser(c.id, 'Jorge Soto', 'userMonitoring');
    const frontdesk = await companyUser(c.id, 'Pedro Mesa', 'frontdesk');
    const url = `/api/companies/reportFlows/${c.id}`;
    const payload = { reportType: 'conflictOfInterest', userName: 'Laura Pérez', uniqueId: laura.id };
    expect((await t.call({ method: 'PATCH', url, payload })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.patch('admin', url, payload)).statusCode).toBe(403);
    expect((await t.get('admin', url)).statusCode).toBe(403);
    const ownUrl = `/api/companies/reportFlows/${t.companies.cl}`;
    expect((await t.patch('admin', ownUrl, payload)).statusCode).toBe(403);
    const unknownUrl = '/api/companies/reportFlows/00000000-0000-4000-8000-000000000000';
    expect((await t.patch('superAdmin', unknownUrl, payload)).statusCode).toBe(404);
    expect((await t.get('superAdmin', unknownUrl)).statusCode).toBe(404);
    const bad = await t.patch('superAdmin', url, { ...payload, reportType: 'ros' });
    expect(bad.statusCode).toBe(400);
    // the responsible person is a user of this company who sees reports: not a free text, not another company's
    const demoAdmin = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('companyId', '=', t.companies.cl)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    for (const uniqueId of ['12.345.678-5', frontdesk.id, demoAdmin.id]) {
      const wrong = await t.patch('superAdmin', url, { ...payload, uniqueId });
      expect(wrong.statusCode, uniqueId).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'REPORT_FLOW_USER_INVALID', field: 'uniqueId' });
      expect(wrong.json().message).toMatch(/usuario activo de la empresa/);
    }
    expect((await t.get('superAdmin', url)).json()).toEqual({
      companyId: c.id,
      reportFlows: [],
    });

    const first = await t.patch('superAdmin', url, payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      companyId: c.id,
      reportFlows: [{ reportType: 'conflictOfInterest', userName: 'Laura Pérez', uniqueId: laura.id }],
    });
    await t.patch('superAdmin', url, { reportType: 'finalBeneficiaries', userName: 'Jorge Soto', uniqueId: jorge.id });
    const again = await t.patch('superAdmin', url, { ...payload, userName: 'Jorge Soto', uniqueId: jorge.id });
    expect(
      again.json().reportFlows.map((f: { reportType: string; userName: string }) => [f.reportType, f.userName]),
    ).toEqual([
      ['conflictOfInterest', 'Jorge Soto'],
      ['finalBeneficiaries', 'Jorge Soto'],
    ]);
    expect((await t.get('superAdmin', url)).json()).toEqual(again.json());
    // kept in the company's settings
    const company = await t.get('superAdmin', `/api/companies/${c.id}`);
    expect(company.json().settings.reportFlows.conflictOfInterest).toMatchObject({ userName: 'Jorge Soto' });
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'before', 'after'])
      .where('entityId', '=', c.id)
      .where('action', '=', 'company.reportFlows.changed')
      .orderBy('createdAt')
      .execute();
    expect(rows.length).toBe(3);
    expect(JSON.stringify(rows[2]?.before)).toContain('Laura Pérez');
    expect(JSON.stringify(rows[2]?.after)).toContain('Jorge Soto');
  });
});
