import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fileUpload } from '../../../test/multipart';

let t: TestApp;
let seq = 23_456_701;
const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};
const person = (name: string, monto: number, efective = 0) => ({
  dni: rut(),
  type: 'natural',
  monto,
  efective,
  newFicha: { name, fatherName: 'Test', email: `${name.toLowerCase()}@example.cl`, nationality: 'CL' },
});

async function create(payload: Record<string, unknown>) {
  const res = await t.post('admin', '/api/consultations', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let a: { id: string; codigo: number; codigoFormatted: string };
let b: { id: string };
let c: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await create({
    divisa: 'CLP',
    transactionType: 'Compra',
    transactionDate: '2025-01-10',
    referenceNumber: 'ALFA-001',
    tags: [{ name: 'vip' }],
    associates: [person('Marcela', 2_000_000, 100)],
  });
  b = await create({
    divisa: 'USD',
    transactionDate: '2025-02-10',
    transactionComments: 'transferencia internacional',
    associates: [person('Rodrigo', 50_000)],
  });
  c = await create({ divisa: 'UF', transactionDate: '2025-03-10', associates: [person('Camila', 300)] });
});
afterAll(async () => {
  await t?.close();
});

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('GET /api/consultations and /count', () => {
  it('401, 403, then newest first with limit/skip, search and the trash view', async () => {
    expect((await t.call({ method: 'GET', url: '/api/consultations' })).statusCode).toBe(401);
    expect((await t.get('supervisor', '/api/consultations')).statusCode).toBe(403);
    const all = (await t.get('frontdesk', '/api/consultations')).json();
    expect(ids(all)).toEqual([c.id, b.id, a.id]);
    const page = (
      await t.get('frontdesk', `/api/consultations?filter=${encodeURIComponent(JSON.stringify({ limit: 1, skip: 1 }))}`)
    ).json();
    expect(ids(page)).toEqual([b.id]);
    const q = async (search: string) =>
      ids(
        (
          await t.get('admin', `/api/consultations?filter=${encodeURIComponent(JSON.stringify({ where: { search } }))}`)
        ).json(),
      );
    expect(await q('alfa-0')).toEqual([a.id]);
    expect(await q('INTERNACIONAL')).toEqual([b.id]);
    expect(await q('vip')).toEqual([a.id]);
    expect(await q('camila')).toEqual([c.id]);
    expect(await q(a.codigoFormatted)).toEqual([a.id]);
    const other = (await t.get({ as: 'admin', company: 'br' }, '/api/consultations')).json();
    expect(other).toEqual([]);
    const count = await t.get(
      'admin',
      `/api/consultations/count?where=${encodeURIComponent(JSON.stringify({ divisa: 'CLP' }))}`,
    );
    expect(count.json()).toEqual({ count: 1 });
    const bad = await t.get(
      'admin',
      `/api/consultations?filter=${encodeURIComponent(JSON.stringify({ where: { password: 'x' } }))}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('where.password');
  });
});

describe('POST /api/informes/tabla-consultas', () => {
  it('401, 403, filters by date, status, risk, amount with currency, text; 400 for an amount without currency', async () => {
    const url = '/api/informes/tabla-consultas';
    expect((await t.call({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    expect((await t.post('auditor', url, {})).statusCode).toBe(403);
    const all = (await t.post('admin', url, {})).json();
    expect(all.count).toBe(3);
    expect(ids(all.data)).toEqual([c.id, b.id, a.id]);
    const range = (await t.post('admin', url, { dateFrom: '2025-02-01', dateTo: '2025-03-31', limit: 1 })).json();
    expect(range).toMatchObject({ count: 2 });
    expect(ids(range.data)).toEqual([c.id]);
    const amount = (await t.post('admin', url, { amountMin: 1_000_000, currency: 'CLP' })).json();
    expect(ids(amount.data)).toEqual([a.id]);
    const noCurrency = await t.call({
      as: 'admin',
      method: 'POST',
      url,
      headers: { 'accept-language': 'en' },
      payload: { amountMax: 10 },
    });
    expect(noCurrency.statusCode).toBe(400);
    expect(noCurrency.json()).toMatchObject({
      code: 'AMOUNT_FILTER_NEEDS_CURRENCY',
      message: 'Seleccione una divisa para filtrar por monto',
    });
    const open = (await t.post('admin', url, { status: 'closed' })).json();
    expect(open.count).toBe(0);
    const risk = (await t.post('admin', url, { risk: ['-'], search: 'rodrigo' })).json();
    expect(risk.count).toBeLessThanOrEqual(1);
    const count = await t.post('admin', `${url}/count`, { search: 'marcela' });
    expect(count.json()).toEqual({ count: 1 });
    expect((await t.post({ as: 'admin', company: 'br' }, url, {})).json()).toEqual({
      data: [],
      count: 0,
      countExact: true,
    });
  });
});

describe('feature flag and GET /api/consultations-resume', () => {
  it('answers the flag per company, false for another company, and gates the summary', async () => {
    const flag = (company: string, as: 'admin' | 'frontdesk' = 'admin', co: 'cl' | 'br' = 'cl') =>
      t.get({ as, company: co }, `/api/feature-flags/consultations_resume_is_enabled/${company}`);
    expect((await t.call({ method: 'GET', url: `/api/feature-flags/x/${t.companies.cl}` })).statusCode).toBe(401);
    expect((await flag(t.companies.cl)).json()).toEqual({ enabled: true });
    expect((await flag(t.companies.br)).json()).toEqual({ enabled: false });
    expect((await flag('not-a-company')).json()).toEqual({ enabled: false });
    expect((await t.get('admin', `/api/feature-flags/unknown_flag/${t.companies.cl}`)).json()).toEqual({
      enabled: false,
    });

    const resume = await t.get('admin', '/api/consultations-resume');
    expect(resume.statusCode, resume.body).toBe(200);
    expect(resume.json()).toMatchObject({ total: 3, open: 3, closed: 0 });
    expect(resume.json().amountByCurrency).toHaveLength(3);
    expect((await t.get('supervisor', '/api/consultations-resume')).statusCode).toBe(403);
    const needsCurrency = await t.get('admin', '/api/consultations-resume?amountMin=5');
    expect(needsCurrency.json().code).toBe('AMOUNT_FILTER_NEEDS_CURRENCY');

    // only the super administrator sets flags; limited to the Brazilian company, Chile loses it
    const body = { enabled: true, environments: ['test'], companyIds: [t.companies.br] };
    expect((await t.put('admin', '/api/feature-flags/consultations_resume_is_enabled', body)).statusCode).toBe(403);
    const set = await t.put('superAdmin', '/api/feature-flags/consultations_resume_is_enabled', body);
    expect(set.statusCode, set.body).toBe(200);
    expect((await flag(t.companies.cl)).json()).toEqual({ enabled: false });
    expect((await flag(t.companies.br, 'frontdesk', 'br')).json()).toEqual({ enabled: true });
    const off = await t.get('admin', '/api/consultations-resume');
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe('FEATURE_DISABLED');
    const other = await t.put('superAdmin', '/api/feature-flags/consultations_resume_is_enabled', {
      enabled: true,
      environments: ['production'],
      companyIds: null,
    });
    expect(other.statusCode).toBe(200);
    expect((await flag(t.companies.cl)).json()).toEqual({ enabled: false });
    await t.put('superAdmin', '/api/feature-flags/consultations_resume_is_enabled', {
      enabled: true,
      environments: ['test'],
      companyIds: null,
    });
  });
});

describe('trash, read, status snapshot, export', () => {
  it('soft-deletes with 404 for another company, lists the trash, restores, marks read, exports xlsx', async () => {
    const url = '/api/consultations/soft-delete';
    expect((await t.call({ method: 'PATCH', url, payload: { consultationIds: [c.id] } })).statusCode).toBe(401);
    expect((await t.patch('userMonitoring', url, { consultationIds: [c.id] })).statusCode).toBe(403);
    expect((await t.patch({ as: 'admin', company: 'br' }, url, { consultationIds: [c.id] })).statusCode).toBe(404);
    const del = await t.patch('frontdesk', url, { consultationIds: [c.id] });
    expect(del.json()).toEqual({ count: 1, consultationIds: [c.id] });
    const trash = await t.get(
      'frontdesk',
      `/api/consultations?filter=${encodeURIComponent(JSON.stringify({ where: { status: 'inactive' } }))}`,
    );
    expect(ids(trash.json())).toEqual([c.id]);
    expect(trash.json()[0]).toMatchObject({ recordStatus: 'inactive' });
    expect(trash.json()[0].deletedBy).toBeTruthy();
    expect(ids((await t.get('frontdesk', '/api/consultations')).json())).not.toContain(c.id);
    const edit = await t.patch('admin', `/api/consultations/${c.id}`, { referenceNumber: 'x' });
    expect(edit.json().code).toBe('OPERATION_INACTIVE');
    const restore = await t.patch('frontdesk', '/api/consultations/restore', { consultationIds: [c.id] });
    expect(restore.json()).toEqual({ count: 1, consultationIds: [c.id] });
    const st = await t.patch('admin', `/api/consultations/status/${c.id}`, { status: 'inactive' });
    expect(st.json().recordStatus).toBe('inactive');
    await t.patch('admin', `/api/consultations/status/${c.id}`, { status: 'active' });

    const read = await t.patch('admin', '/api/consultations/read', { consultationIds: [a.id] });
    expect(read.json().count).toBe(1);
    const snap = await t.patch('admin', `/api/consultations/${a.id}/status-snapshot`, { consultationStatus: 'sent' });
    expect(snap.json()).toMatchObject({ consultationStatus: 'sent', read: true });
    const badSnap = await t.patch('admin', `/api/consultations/${a.id}/status-snapshot`, {
      consultationStatus: 'whatever',
    });
    expect(badSnap.statusCode).toBe(400);

    const xlsx = await t.post('admin', '/api/consultations/export', { consultationIds: [a.id, b.id] });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

async function pdf(opts: { encrypted?: boolean } = {}) {
  const doc = await PDFDocument.create();
  doc.addPage();
  let bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  if (opts.encrypted) {
    // an /Encrypt dictionary in the trailer is what readers (and pdf-lib) take as encryption
    bytes = Buffer.from(bytes.toString('latin1').replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt 3 0 R'), 'latin1');
  }
  return bytes;
}

const multipart = (name: string, bytes: Buffer, type = 'application/pdf') => fileUpload(name, bytes, type);

describe('operation files', () => {
  it('accepts a PDF, rejects other content and encrypted PDFs, downloads, deactivates and deletes', async () => {
    const url = `/api/consultations/${b.id}/files`;
    expect((await t.call({ method: 'POST', url, ...multipart('a.pdf', await pdf()) })).statusCode).toBe(401);
    expect(
      (await t.call({ as: 'admin', company: 'br', method: 'POST', url, ...multipart('a.pdf', await pdf()) }))
        .statusCode,
    ).toBe(404);
    const up = await t.call({ as: 'admin', method: 'POST', url, ...multipart('contrato.pdf', await pdf()) });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ name: 'contrato.pdf', index: 0, url: `/api/consultations/${b.id}/files/0` });
    const fake = await t.call({ as: 'admin', method: 'POST', url, ...multipart('fake.pdf', Buffer.from('hello')) });
    expect(fake.json()).toMatchObject({ statusCode: 400, code: 'FILE_FORMAT' });
    const enc = await t.call({
      as: 'admin',
      method: 'POST',
      url,
      ...multipart('enc.pdf', await pdf({ encrypted: true })),
    });
    expect(enc.json()).toMatchObject({ code: 'FILE_ENCRYPTED', message: 'Error al cargar el documento' });
    const big = Buffer.concat([await pdf(), Buffer.alloc(25 * 1024 * 1024 + 10)]);
    const tooBig = await t.call({ as: 'admin', method: 'POST', url, ...multipart('big.pdf', big) });
    expect(tooBig.json().code).toBe('FILE_TOO_LARGE');
    const down = await t.get('frontdesk', `${url}/0`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const soft = await t.put('admin', `/api/consultations/${b.id}/deletefileConsultations/0`);
    expect(soft.json().documents[0].active).toBe(false);
    await t.call({ as: 'admin', method: 'POST', url, ...multipart('otro.pdf', await pdf()) });
    const hard = await t.del('admin', `/api/consultations/${b.id}/deletefileFichaCliente/1`);
    expect(hard.json().documents[1].active).toBe(false);
    expect((await t.get('admin', `${url}/1`)).statusCode).toBe(404);
  });
});

describe('transactions', () => {
  it('401, 403, 404 for another company, create, list, update, deactivate, read, files', async () => {
    expect((await t.call({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
    expect((await t.get('userMonitoring', '/api/transactions')).statusCode).toBe(403);
    const bad = await t.post('admin', '/api/transactions', {
      dni: '12345678-5',
      divisa: 'CLP',
      amount: 10,
      cashAmount: 20,
    });
    expect(bad.json().code).toBe('CASH_EXCEEDS_TOTAL');
    const res = await t.post('frontdesk', '/api/transactions', {
      dni: '12345678-5',
      divisa: 'CLP',
      amount: 100,
      cashAmount: 20,
      transactionDate: '2025-05-01',
      operationId: a.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json();
    expect(tx).toMatchObject({
      isActive: true,
      transactionDate: '2025-05-01T12:00:00.000Z',
      companyId: t.companies.cl,
    });
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/transactions/${tx.id}`)).statusCode).toBe(404);
    expect(
      (await t.patch({ as: 'admin', company: 'br' }, `/api/transactions/${tx.id}`, { amount: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await t.get({ as: 'admin', company: 'br' }, `/api/transactions/company/${t.companies.cl}`)).statusCode,
    ).toBe(404);
    const mine = await t.get('admin', `/api/transactions/company/${t.companies.cl}`);
    expect(ids(mine.json())).toEqual([tx.id]);
    expect((await t.get('admin', '/api/transactions/count')).json()).toEqual({ count: 1 });
    const up = await t.call({
      as: 'admin',
      method: 'POST',
      url: `/api/transactions/${tx.id}/upload-files`,
      ...multipart('t.pdf', await pdf()),
    });
    expect(up.statusCode, up.body).toBe(200);
    const file = await t.get('admin', up.json().url);
    expect(file.statusCode).toBe(200);
    expect((await t.get({ as: 'admin', company: 'br' }, up.json().url)).statusCode).toBe(404);
    const read = await t.patch('admin', '/api/transactions/read', { ids: [tx.id] });
    expect(read.json().count).toBe(1);
    const off = await t.patch('admin', `/api/transactions/${tx.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false, read: true });
    expect((await t.get('admin', '/api/transactions')).json()).toEqual([]);
  });
});

describe('GET /api/divisas/por-fecha', () => {
  it('answers the day rate, the previous one for a day without rate, 404 before the series, 400 for bad input', async () => {
    const url = (q: string) => `/api/divisas/por-fecha?${q}`;
    expect((await t.call({ method: 'GET', url: url('fecha=2025-03-14&divisa=CLP') })).statusCode).toBe(401);
    const fri = (await t.get('frontdesk', url('fecha=2025-03-14&divisa=CLP'))).json();
    expect(fri).toMatchObject({ fecha: '2025-03-14', rateDate: '2025-03-14', divisa: 'CLP' });
    expect(fri.perUsd).toBeGreaterThan(700);
    const sun = (await t.get('frontdesk', url('fecha=2025-03-16&divisa=CLP'))).json();
    expect(sun).toMatchObject({ fecha: '2025-03-16', rateDate: '2025-03-14', perUsd: fri.perUsd });
    const uf = (await t.get('frontdesk', url('fecha=2025-03-14&divisa=UF'))).json();
    expect(uf.valueClp).toBeGreaterThan(30_000);
    const usd = (await t.get('frontdesk', url('fecha=2025-03-14&divisa=USD'))).json();
    expect(usd).toMatchObject({ perUsd: 1, valueClp: fri.perUsd });
    expect((await t.get('frontdesk', url('fecha=2019-01-01&divisa=BRL'))).statusCode).toBe(404);
    expect((await t.get('frontdesk', url('fecha=14/03/2025&divisa=CLP'))).statusCode).toBe(400);
    expect((await t.get('frontdesk', url('fecha=2025-03-14&divisa=EUR'))).statusCode).toBe(400);
  });
});

describe('fichas cascade', () => {
  it('deleting a ficha moves its operations to the trash', async () => {
    const o = (await t.get('admin', `/api/consultations/${a.id}`)).json();
    const fichaId = o.associates[0].fichaId;
    const del = await t.patch('admin', '/api/fichas-clientes/soft-delete', { fichasIds: [fichaId] });
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.get('admin', `/api/consultations/${a.id}`)).json().recordStatus).toBe('inactive');
    const rel = await t.get('admin', `/api/fichas-clientes/with-relations/${fichaId}`);
    expect(rel.statusCode).toBe(200);
  });
});
