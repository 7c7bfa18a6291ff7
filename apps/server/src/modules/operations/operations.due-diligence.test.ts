import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { documentsFrom } from '../../../test/roe-fixtures';
import { enqueueNeverEvaluated } from './operations.due-diligence.job';

/*
 * Issue 23, point 4 (decisions 145-147): due diligence by amount. An occasional transaction above USD 15,000 (FATF
 * R.10) and, in Chile, an occasional transaction or a wire transfer above USD 1,000 (Circular 59), both in USD at the
 * day's rate, require due diligence: the operation says which rule asked for it and its participants owe the DOF.
 * Each test uses its own days (2016-2018, before the demo's rates) and loads its own rate.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // the DOF above a high amount only, so that what asks for it here is the due diligence
  for (const company of ['cl', 'br'] as const) {
    const res = await t.patch('superAdmin', `/api/companies/form/${t.companies[company]}`, {
      dofThreshold: 1e12,
      dofCurrency: null,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

const docs = documentsFrom(33_000_000);

async function loadRate(divisa: string, fecha: string, perUsd: number) {
  const res = await t.put('superAdmin', '/api/divisas', {
    rates: [{ divisa, fecha, perUsd, source: 'BCCh dólar observado' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.deps.queue.drain();
}

async function operation(
  o: {
    date: string;
    amount: number;
    divisa?: string;
    transactionType?: string;
    policyNumber?: string;
    company?: 'cl' | 'br';
  },
  status = 200,
) {
  const company = o.company ?? 'cl';
  const res = await t.post({ as: 'frontdesk', company }, '/api/consultations', {
    transactionDate: o.date,
    divisa: o.divisa ?? (company === 'br' ? 'BRL' : 'CLP'),
    transactionType: o.transactionType,
    policyNumber: o.policyNumber,
    associates: [
      {
        dni: company === 'br' ? docs.cpf() : docs.rut(),
        type: 'natural',
        monto: o.amount,
        efective: 0,
        newFicha: { name: 'Inés', fatherName: 'Soto', nationality: company === 'br' ? 'BR' : 'CL' },
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const dofOf = async (id: string, company: 'cl' | 'br' = 'cl') => {
  const res = await t.get({ as: 'admin', company }, `/api/forms/operation/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[0].forms.find((f: { type: string }) => f.type === 'formDOF');
};

describe('due diligence by amount, Chile (FATF R.10 and Circular 59)', () => {
  it('above USD 15,000 at the day’s rate: both rules, with the amount in USD and the rate; the participant owes the DOF', async () => {
    await loadRate('CLP', '2018-03-12', 900);
    // CLP 16,560,000 at 900 per dollar: USD 18,400
    const op = await operation({ date: '2018-03-12', amount: 16_560_000 });
    expect(op.dueDiligence).toEqual({
      required: true,
      pending: null,
      amountUsd: 18_400,
      rateDate: '2018-03-12',
      perUsd: 900,
      source: 'BCCh dólar observado',
      rules: [
        { rule: 'fatfR10Occasional', thresholdUsd: 15_000 },
        { rule: 'cl59Occasional', thresholdUsd: 1_000 },
      ],
    });
    expect(await dofOf(op.id)).toMatchObject({ required: true, status: 'required' });
    expect(op.formDOF).toBe('required');
  });

  it('at exactly USD 15,000 R.10 does not ask (above, not at); at exactly USD 1,000 nothing asks and no DOF is owed', async () => {
    await loadRate('CLP', '2018-04-10', 900);
    const at15 = await operation({ date: '2018-04-10', amount: 13_500_000 });
    expect(at15.dueDiligence).toMatchObject({ required: true, amountUsd: 15_000 });
    expect(at15.dueDiligence.rules).toEqual([{ rule: 'cl59Occasional', thresholdUsd: 1_000 }]);
    const at1 = await operation({ date: '2018-04-10', amount: 900_000 });
    expect(at1.dueDiligence).toMatchObject({ required: false, amountUsd: 1_000, rules: [] });
    expect(await dofOf(at1.id)).toMatchObject({ required: false, status: 'notRequired' });
    // one peso more than USD 1,000: Circular 59 asks
    const above1 = await operation({ date: '2018-04-10', amount: 900_900 });
    expect(above1.dueDiligence).toMatchObject({ required: true, amountUsd: 1_001 });
    expect(await dofOf(above1.id)).toMatchObject({ required: true });
  });

  it('a wire transfer within a business relationship (a policy), by code or in words, is Circular 59’s wire rule; the policy’s other operations are not occasional', async () => {
    await loadRate('CLP', '2018-05-14', 900);
    const wire = await operation({
      date: '2018-05-14',
      amount: 1_800_000,
      transactionType: 'transfer',
      policyNumber: 'P-77',
    });
    expect(wire.dueDiligence).toMatchObject({ required: true, amountUsd: 2_000 });
    expect(wire.dueDiligence.rules).toEqual([{ rule: 'cl59Wire', thresholdUsd: 1_000 }]);
    const policy = await operation({
      date: '2018-05-14',
      amount: 18_000_000,
      transactionType: 'payment',
      policyNumber: 'P-77',
    });
    expect(policy.dueDiligence).toMatchObject({ required: false, amountUsd: 20_000, rules: [] });
    const remittance = await operation({ date: '2018-05-14', amount: 1_800_000, transactionType: 'remittance' });
    expect(remittance.dueDiligence.rules).toEqual([{ rule: 'cl59Wire', thresholdUsd: 1_000 }]);
    // a type written as free text (bulk loads, older operations) that names a transfer is one too
    for (const free of ['Transferencia internacional', 'Remesa al exterior', 'Transferência', 'Wire transfer']) {
      const o = await operation({ date: '2018-05-14', amount: 1_800_000, transactionType: free, policyNumber: 'P-78' });
      expect(o.dueDiligence.rules, free).toEqual([{ rule: 'cl59Wire', thresholdUsd: 1_000 }]);
    }
    const deposit = await operation({
      date: '2018-05-14',
      amount: 1_800_000,
      transactionType: 'Depósito',
      policyNumber: 'P-78',
    });
    expect(deposit.dueDiligence).toMatchObject({ required: false, rules: [] });
  });

  it('editing the amount or the date evaluates it again at the new day’s rate', async () => {
    await loadRate('CLP', '2018-06-11', 900);
    await loadRate('CLP', '2018-06-25', 600);
    const op = await operation({ date: '2018-06-11', amount: 900_000 });
    expect(op.dueDiligence).toMatchObject({ required: false, amountUsd: 1_000 });
    // the same pesos on a day the dollar is 600: USD 1,500
    const moved = await t.patch('frontdesk', `/api/consultations/${op.id}`, { transactionDate: '2018-06-25' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().dueDiligence).toMatchObject({
      required: true,
      amountUsd: 1_500,
      rateDate: '2018-06-25',
      perUsd: 600,
    });
    expect(await dofOf(op.id)).toMatchObject({ required: true });
  });

  it('without a rate for its day it is pending (never guessed), the DOF is asked meanwhile, and a rate load evaluates it, audited', async () => {
    const op = await operation({ date: '2016-02-10', amount: 2_000_000 });
    expect(op.dueDiligence).toMatchObject({ required: false, pending: '2016-02-10', amountUsd: null, rules: [] });
    expect(await dofOf(op.id)).toMatchObject({ required: true });
    await loadRate('CLP', '2016-02-10', 1_000);
    const view = (await t.get('admin', `/api/consultations/view/${op.id}`)).json();
    expect(view.dueDiligence).toMatchObject({
      required: true,
      pending: null,
      amountUsd: 2_000,
      rateDate: '2016-02-10',
      rules: [{ rule: 'cl59Occasional', thresholdUsd: 1_000 }],
    });
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select(['after'])
      .where('action', '=', 'operation.dueDiligence.evaluated')
      .where('entityId', '=', op.id)
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ dueDiligence: { required: true, amountUsd: 2_000 } });
    // a second load finds nothing to do
    await loadRate('CLP', '2016-02-10', 1_000);
    expect(
      await t.deps.db
        .selectFrom('auditLog')
        .select('id')
        .where('action', '=', 'operation.dueDiligence.evaluated')
        .where('entityId', '=', op.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('an operation older than migration 0630 (never evaluated) is evaluated by the job enqueued at start, audited', async () => {
    await loadRate('CLP', '2018-09-10', 900);
    const op = await operation({ date: '2018-09-10', amount: 16_560_000 });
    await t.deps.db.updateTable('operations').set({ dueDiligence: null }).where('id', '=', op.id).execute();
    const before = (await t.get('admin', `/api/consultations/view/${op.id}`)).json();
    expect(before.dueDiligence).toBeNull();
    await enqueueNeverEvaluated(t.deps);
    await t.deps.queue.drain();
    const after = (await t.get('admin', `/api/consultations/view/${op.id}`)).json();
    expect(after.dueDiligence).toMatchObject({ required: true, amountUsd: 18_400 });
    expect(after.dueDiligence.rules.map((r: { rule: string }) => r.rule)).toEqual([
      'fatfR10Occasional',
      'cl59Occasional',
    ]);
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select(['before'])
      .where('action', '=', 'operation.dueDiligence.evaluated')
      .where('entityId', '=', op.id)
      .execute();
    expect(audits).toEqual([{ before: { dueDiligence: null } }]);
  });

  it('the company’s thresholds (ddOccasionalUsd, ddWireUsd) apply to the operations registered after the change', async () => {
    await loadRate('CLP', '2018-07-09', 900);
    const url = `/api/companies/${t.companies.cl}/business-rules`;
    const changed = await t.patch('superAdmin', url, { ddOccasionalUsd: 20_000, ddWireUsd: 2_500 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ ddOccasionalUsd: 20_000, ddWireUsd: 2_500 });
    try {
      // USD 18,400: above the new 2,500 but not the new 20,000; USD 2,000: above neither
      const op = await operation({ date: '2018-07-09', amount: 16_560_000 });
      expect(op.dueDiligence).toMatchObject({ required: true, amountUsd: 18_400 });
      expect(op.dueDiligence.rules).toEqual([{ rule: 'cl59Occasional', thresholdUsd: 2_500 }]);
      const small = await operation({ date: '2018-07-09', amount: 1_800_000 });
      expect(small.dueDiligence).toMatchObject({ required: false, amountUsd: 2_000, rules: [] });
      const big = await operation({ date: '2018-07-09', amount: 18_900_000 });
      expect(big.dueDiligence.rules).toEqual([
        { rule: 'fatfR10Occasional', thresholdUsd: 20_000 },
        { rule: 'cl59Occasional', thresholdUsd: 2_500 },
      ]);
    } finally {
      await t.patch('superAdmin', url, { ddOccasionalUsd: 15_000, ddWireUsd: 1_000 });
    }
  });

  it('a threshold that is not a positive amount is refused naming the field in es, pt-BR and en, and nothing changes', async () => {
    const url = `/api/companies/${t.companies.cl}/business-rules`;
    const messages = new Set<string>();
    for (const lang of ['es', 'pt-BR', 'en']) {
      const res = await t.call({
        as: 'superAdmin',
        method: 'PATCH',
        url,
        payload: { ddWireUsd: 0 },
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe('ddWireUsd');
      expect(res.json().message).toContain('ddWireUsd');
      messages.add(res.json().message);
    }
    expect(messages.size).toBe(3);
    const neg = await t.patch('superAdmin', url, { ddOccasionalUsd: -5 });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().field).toBe('ddOccasionalUsd');
    const admin = await t.patch('admin', url, { ddOccasionalUsd: 1 });
    expect(admin.statusCode).toBe(403);
    expect((await t.get('superAdmin', url)).json()).toMatchObject({
      ddOccasionalUsd: 15_000,
      ddWireUsd: 1_000,
    });
  });
});

describe('due diligence by amount, Brazil (FATF R.10 only: Circular 59 is Chile’s)', () => {
  it('a Brazilian wire transfer of USD 2,000 asks nothing; an occasional operation above USD 15,000 asks R.10 only', async () => {
    await loadRate('BRL', '2018-08-13', 4);
    const wire = await operation({ company: 'br', date: '2018-08-13', amount: 8_000, transactionType: 'transfer' });
    expect(wire.dueDiligence).toMatchObject({ required: false, amountUsd: 2_000, rules: [] });
    expect(await dofOf(wire.id, 'br')).toMatchObject({ required: false });
    const big = await operation({ company: 'br', date: '2018-08-13', amount: 64_000 });
    expect(big.dueDiligence).toMatchObject({ required: true, amountUsd: 16_000 });
    expect(big.dueDiligence.rules).toEqual([{ rule: 'fatfR10Occasional', thresholdUsd: 15_000 }]);
    expect(await dofOf(big.id, 'br')).toMatchObject({ required: true });
  });
});
