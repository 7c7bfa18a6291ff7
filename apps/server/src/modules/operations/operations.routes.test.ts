import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

let seq = 10_000_000;
/** A fresh valid RUT per call. */
export function rut() {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
}

function participant(dni: string, monto: number, efective = 0, extra: Record<string, unknown> = {}) {
  return {
    dni,
    type: 'natural',
    monto,
    efective,
    newFicha: { name: 'Ana', fatherName: 'Pérez', email: 'ana@example.cl', nationality: 'CL' },
    ...extra,
  };
}

const base = () => ({
  transactionType: 'Compraventa',
  transactionDate: '2025-03-14',
  referenceNumber: `REF-${seq}`,
  transactionComments: 'Pago de vehículo',
  divisa: 'CLP',
  associates: [participant(rut(), 1_000_000, 200_000), participant(rut(), 500_000)],
});

async function create(payload: Record<string, unknown> = base(), as = 'admin', company: 'cl' | 'br' = 'cl') {
  const res = await t.post({ as, company }, '/api/consultations', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /api/consultations', () => {
  it('401 without a token, 403 for a role without search', async () => {
    expect((await t.call({ method: 'POST', url: '/api/consultations', payload: base() })).statusCode).toBe(401);
    const res = await t.post('userMonitoring', '/api/consultations', base());
    expect(res.statusCode).toBe(403);
  });

  it('creates an open operation with codigo, totals, risk and flags, audited', async () => {
    const o = await create();
    expect(o).toMatchObject({
      status: 'open',
      recordStatus: 'active',
      divisa: 'CLP',
      amount: 1_500_000,
      cashAmount: 200_000,
      includesCash: true,
      amountFormated: '1.500.000',
      // the participants' amounts are above the default DOF threshold (0): their DOFs are required (forms module)
      consultationStatus: 'required',
      formDOF: 'required',
      formBF: 'notRequired',
      pepDefaultFormStatus: 'notRequired',
      transactionDate: '2025-03-14T12:00:00.000Z',
      creator: { name: 'CL admin' },
    });
    expect(o.codigoFormatted).toBe(String(o.codigo).padStart(6, '0'));
    expect(o.associates).toHaveLength(2);
    expect(o.associates[0]).toMatchObject({ currency: 'CLP', montoFormat: '1.000.000', withoutEmail: false });
    // participants are fichas: created on the spot, then found by document
    expect(o.associates[0].fichaId).toMatch(/^[0-9a-f-]{36}$/);
    const ficha = await t.get('admin', `/api/fichas-clientes/${o.associates[0].fichaId}`);
    expect(ficha.statusCode).toBe(200);
    const again = await create({ ...base(), associates: [{ dni: o.associates[0].dni, type: 'natural', monto: 5 }] });
    expect(again.associates[0]).toMatchObject({ fichaId: o.associates[0].fichaId, name: o.associates[0].name });
    const next = await create();
    expect(next.codigo).toBe(o.codigo + 2);
    const audit = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', o.id).execute();
    expect(audit.map((a) => a.action)).toContain('operation.created');
  });

  it('flags participants without e-mail and with incomplete data', async () => {
    const o = await create({
      ...base(),
      associates: [{ dni: rut(), type: 'natural', monto: 10, newFicha: { name: 'Solo Nombre' } }],
    });
    expect(o.associates[0]).toMatchObject({ withoutEmail: true, incomplete: true });
    expect(o.associates[0].missingFields).toEqual(expect.arrayContaining(['email', 'nationality']));
  });

  it('refuses cash above a participant amount, cash above the total, two currencies, the same person twice', async () => {
    const cash = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/consultations',
      headers: { 'accept-language': 'en' },
      payload: { ...base(), associates: [participant(rut(), 100, 101)] },
    });
    expect(cash.statusCode).toBe(400);
    expect(cash.json()).toMatchObject({ code: 'CASH_EXCEEDS_CONTRIBUTED', field: 'associates.0.efective' });
    // the company language (es) wins once signed in
    expect(cash.json().message).toBe('El monto en efectivo excede el monto aportado');

    const total = await t.post('admin', '/api/consultations', { ...base(), amount: 100, cashAmount: 150 });
    expect(total.json()).toMatchObject({
      statusCode: 400,
      code: 'CASH_EXCEEDS_TOTAL',
      message: 'El efectivo excede el total',
    });

    const two = await t.post('admin', '/api/consultations', {
      ...base(),
      associates: [participant(rut(), 10, 0, { currency: 'USD' })],
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().code).toBe('CURRENCY_MISMATCH');

    const dni = rut();
    const twice = await t.post('admin', '/api/consultations', {
      ...base(),
      associates: [participant(dni, 10), participant(dni.replace('-', ''), 20)],
    });
    expect(twice.json()).toMatchObject({ code: 'PERSON_ALREADY_ADDED', message: 'Esta persona ya fue agregada' });
  });

  it('answers the localized document-type message for a wrong document type, and bad input', async () => {
    const res = await t.post({ as: 'admin', company: 'br' }, '/api/consultations', {
      divisa: 'BRL',
      associates: [{ dni: '12345678-5', type: 'natural', dniType: { country: 'BR', document: 'RUT' }, monto: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'DOCUMENT_TYPE_NOT_ALLOWED', field: 'associates.0.dniType' });
    expect(res.json().message).toContain('RUT');
    expect(res.json().message).toMatch(/não é válido/);
    const invalid = await t.post('admin', '/api/consultations', {
      ...base(),
      associates: [participant('12345678-9', 1)],
    });
    expect(invalid.json().code).toBe('DOCUMENT_INVALID');
    const bad = await t.post('admin', '/api/consultations', { divisa: 'EUR' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'divisa' });
    const ros = await t.post('admin', '/api/consultations', { ...base(), ros: true });
    expect(ros.json().code).toBe('ROS_REASON_REQUIRED');
  });

  it('sets the ROE flag when the cash in USD at the day rate is above the company threshold', async () => {
    // sample rate around 850-1000 CLP per USD: 20 million CLP in cash is about USD 20,000
    const roe = await create({ ...base(), associates: [participant(rut(), 30_000_000, 20_000_000)] });
    expect(roe.roe).toBe(true);
    expect(roe.cashAmountUsd).toBeGreaterThan(10_000);
    const small = await create({ ...base(), associates: [participant(rut(), 30_000_000, 1_000_000)] });
    expect(small.roe).toBe(false);
    // a Saturday has no rate: the Friday one is used
    const sat = await create({
      ...base(),
      transactionDate: '2025-03-15',
      associates: [participant(rut(), 30_000_000, 20_000_000)],
    });
    expect(sat.roe).toBe(true);
    const uaf = await t.get('admin', '/api/uaf-operations?from=2025-01-01&to=2025-12-31');
    expect(uaf.statusCode).toBe(200);
    const ids = uaf.json().map((u: { id: string }) => u.id);
    expect(ids).toContain(roe.id);
    expect(ids).not.toContain(small.id);
    const count = await t.get('admin', '/api/uaf-operations/count?from=2025-01-01&to=2025-12-31');
    expect(count.json().count).toBe(ids.length);
    const summary = await t.get('admin', '/api/consultations/roe?from=2025-01-01&to=2025-03-31');
    expect(summary.json()).toMatchObject({ thresholdUsd: 10_000, negative: false });
    const empty = await t.get('admin', '/api/consultations/roe?from=2019-01-01&to=2019-03-31');
    expect(empty.json()).toMatchObject({ count: 0, negative: true });
    // the ROE is Chile's: a Brazilian company's users do not reach the UAF list (issue 23, point 3)
    expect((await t.get({ as: 'frontdesk', company: 'br' }, `/api/uaf-operations`)).statusCode).toBe(403);
  });
});

describe('GET /api/consultations/{id} and /view/{id}', () => {
  it('401, 403, 404 for another company, then the operation', async () => {
    const o = await create();
    expect((await t.call({ method: 'GET', url: `/api/consultations/${o.id}` })).statusCode).toBe(401);
    expect((await t.get('auditor', `/api/consultations/${o.id}`)).statusCode).toBe(403);
    for (const url of [
      `/api/consultations/${o.id}`,
      `/api/consultations/view/${o.id}`,
      `/api/consultations/getGeneralFormStatus/${o.id}`,
    ]) {
      const other = await t.get({ as: 'admin', company: 'br' }, url);
      expect(other.statusCode, url).toBe(404);
      expect(other.json().code).toBe('OPERATION_NOT_FOUND');
    }
    for (const [method, url, payload] of [
      ['PATCH', `/api/consultations/${o.id}`, { referenceNumber: 'x' }],
      ['PATCH', `/api/consultations/finalizar/${o.id}`, undefined],
      ['PATCH', `/api/consultations/status/${o.id}`, { status: 'inactive' }],
      ['PATCH', `/api/consultations/${o.id}/status-snapshot`, { consultationStatus: 'sent' }],
      ['PATCH', '/api/consultations/soft-delete', { consultationIds: [o.id] }],
      ['PUT', `/api/consultations/${o.id}/deletefileConsultations/0`, undefined],
      ['DELETE', `/api/consultations/${o.id}/deletefileFichaCliente/0`, undefined],
      ['GET', `/api/consultations/${o.id}/files/0`, undefined],
    ] as const) {
      const res = await t.call({ as: 'admin', company: 'br', method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = await t.get('frontdesk', `/api/consultations/${o.id}`);
    expect(mine.json()).toMatchObject({ id: o.id, codigo: o.codigo });
    const detail = await t.get('frontdesk', `/api/consultations/view/${o.id}`);
    expect(detail.json()).toMatchObject({ id: o.id, historicalRecords: [], policyHistory: [] });
    const forms = await t.get('frontdesk', `/api/consultations/getGeneralFormStatus/${o.id}`);
    expect(forms.json()).toHaveLength(2);
    // the forms module's statuses: a DOF is required above the company's amount (0 by default), nothing sent yet
    expect(forms.json()[0]).toMatchObject({
      associateIndex: 0,
      generalStatus: 'required',
      forms: { formDOF: 'required', formPep: 'notRequired' },
    });
    expect((await t.get('admin', '/api/consultations/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('PATCH /api/consultations/{id}', () => {
  it('changes the currency of every participant, keeps cash within the amount and records the policy history', async () => {
    const o = await create();
    const res = await t.patch('frontdesk', `/api/consultations/${o.id}`, {
      divisa: 'UF',
      policyNumber: 'POL-1',
      product: 'Vida',
      premiumSFP: 12.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json();
    expect(u.divisa).toBe('UF');
    expect(u.associates.map((a: { currency: string }) => a.currency)).toEqual(['UF', 'UF']);
    const again = await t.patch('frontdesk', `/api/consultations/${o.id}`, { policyStatus: 'vigente' });
    expect(again.statusCode).toBe(200);
    const detail = (await t.get('admin', `/api/consultations/view/${o.id}`)).json();
    expect(detail.policyHistory).toHaveLength(2);
    expect(detail.policyHistory[0].policy).toMatchObject({ policyNumber: 'POL-1', policyStatus: 'vigente' });
    const tooMuch = await t.patch('frontdesk', `/api/consultations/${o.id}`, { cashAmount: 10_000_000 });
    expect(tooMuch.json().code).toBe('CASH_EXCEEDS_TOTAL');
    const mismatch = await t.patch('frontdesk', `/api/consultations/${o.id}`, {
      associates: [participant(rut(), 1, 0, { currency: 'CLP' })],
    });
    expect(mismatch.json().code).toBe('CURRENCY_MISMATCH');
    const keep = await t.patch('frontdesk', `/api/consultations/${o.id}`, {
      associates: o.associates.map((a: { dni: string }) => ({ dni: a.dni, type: 'natural', monto: 3, efective: 1 })),
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({ amount: 6, cashAmount: 2 });
    expect(keep.json().associates[0].name).toBe('Ana Pérez');
  });
});

describe('finish and resume', () => {
  it('refuses an incomplete transaction and pending files, finishes, refuses edits, resumes; the record stays', async () => {
    const incomplete = await create({ divisa: 'CLP', associates: [participant(rut(), 10)] });
    const r1 = await t.patch('admin', `/api/consultations/finalizar/${incomplete.id}`);
    expect(r1.statusCode).toBe(400);
    expect(r1.json()).toMatchObject({
      code: 'TRANSACTION_INCOMPLETE',
      message: 'La transacción debe completarse antes de finalizar la operación',
    });

    const o = await create();
    const pending = await t.post('admin', `/api/consultations/${o.id}/files/pending`, { name: 'contrato.pdf' });
    expect(pending.statusCode, pending.body).toBe(200);
    const r2 = await t.patch('admin', `/api/consultations/finalizar/${o.id}`);
    expect(r2.json().code).toBe('FILES_PENDING');
    const removed = await t.put('admin', `/api/consultations/${o.id}/deletefileConsultations/0`);
    expect(removed.json().documents[0]).toMatchObject({ active: false, pending: false });

    const fin = await t.patch('frontdesk', `/api/consultations/finalizar/${o.id}`);
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json()).toMatchObject({ status: 'closed' });
    expect(fin.json().finishedAt).toBeTruthy();

    const edit = await t.call({
      as: 'admin',
      method: 'PATCH',
      url: `/api/consultations/${o.id}`,
      headers: { 'accept-language': 'en' },
      payload: { referenceNumber: 'changed' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'OPERATION_FINISHED' });
    expect(edit.json().message).toMatch(/finalizada/);
    expect((await t.patch('admin', `/api/consultations/finalizar/${o.id}`)).json().code).toBe('OPERATION_FINISHED');

    const resumed = await t.patch('admin', `/api/consultations/status/${o.id}`, { status: 'open' });
    expect(resumed.json().status).toBe('open');
    const changed = await t.patch('admin', `/api/consultations/${o.id}`, {
      referenceNumber: 'after-resume',
      divisa: 'USD',
    });
    expect(changed.statusCode).toBe(200);

    const detail = (await t.get('admin', `/api/consultations/view/${o.id}`)).json();
    expect(detail.referenceNumber).toBe('after-resume');
    expect(detail.historicalRecords).toHaveLength(1);
    const record = detail.historicalRecords[0];
    expect(record.data).toMatchObject({ referenceNumber: o.referenceNumber, divisa: 'CLP', status: 'closed' });
    expect(record.diligences).toHaveLength(2);
    expect(record.createdBy.name).toBe('CL frontdesk');

    // finish again: a second record, the first one unchanged
    await t.patch('admin', `/api/consultations/reanudar/${o.id}`);
    const fin2 = await t.patch('admin', `/api/consultations/status/${o.id}`, { status: 'closed' });
    expect(fin2.statusCode, fin2.body).toBe(200);
    const later = (await t.get('admin', `/api/consultations/view/${o.id}`)).json();
    expect(later.historicalRecords.map((h: { seq: number }) => h.seq)).toEqual([2, 1]);
    expect(later.historicalRecords[1]).toEqual(record);
    expect(later.historicalRecords[0].data).toMatchObject({ referenceNumber: 'after-resume', divisa: 'USD' });

    // the database refuses to change a historical record
    await expect(
      t.deps.db.updateTable('operationSnapshots').set({ seq: 99 }).where('operationId', '=', o.id).execute(),
    ).rejects.toThrow(/historical records cannot be changed/);
    const actions = (
      await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', o.id).execute()
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['operation.finished', 'operation.resumed']));
  });
});

describe('risk', () => {
  it("is the highest of the participants' ficha risks; resuming refreshes it; the historical record keeps the old one", async () => {
    const o = await create();
    const [a, b] = o.associates;
    expect(o.risk).toBe(a.risk === 'high' || b.risk === 'high' ? 'high' : o.risk);
    const fin = await t.patch('admin', `/api/consultations/finalizar/${o.id}`);
    const riskAtFinish = fin.json().risk;
    const over = await t.patch('admin', `/api/fichas-clientes/${b.fichaId}/risk`, {
      overwrittenRisk: 'high',
      reason: 'Adverse media',
    });
    expect(over.statusCode, over.body).toBe(200);
    const resumed = await t.patch('admin', `/api/consultations/reanudar/${o.id}`);
    expect(resumed.json().risk).toBe('high');
    expect(resumed.json().associates[1].risk).toBe('high');
    const detail = (await t.get('admin', `/api/consultations/view/${o.id}`)).json();
    expect(detail.historicalRecords[0].data.risk).toBe(riskAtFinish);
    expect(riskAtFinish).not.toBe('high');
  });
});
