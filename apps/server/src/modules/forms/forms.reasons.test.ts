import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEmail, rut } from '../../../test/forms-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

/*
 * Issue 25 point 5: the Forms panel says why each form is required, or why not, as a reason code with its values
 * (never a sentence), given by the same function that decides. Days 2016-2018 have no demo rates: each test loads the
 * rate it needs. The due diligence by amount is set out of reach except where a test asks for it, so that the DOF
 * threshold alone decides.
 */

let t: TestApp;
const rulesUrl = () => `/api/companies/form/${t.companies.cl}`;
const ddUrl = () => `/api/companies/${t.companies.cl}/business-rules`;

async function setRules(payload: Record<string, unknown>) {
  const res = await t.patch('admin', rulesUrl(), payload);
  expect(res.statusCode, res.body).toBe(200);
}
async function setDueDiligence(usd: number) {
  const res = await t.patch('superAdmin', ddUrl(), { ddOccasionalUsd: usd, ddWireUsd: usd });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  await setDueDiligence(1e12);
});
afterAll(async () => {
  await t?.close();
});

async function loadRate(divisa: string, fecha: string, perUsd: number) {
  const res = await t.put('superAdmin', '/api/divisas', {
    rates: [{ divisa, fecha, perUsd, source: 'BCCh dólar observado' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.deps.queue.drain();
}

async function operation(o: { date: string; amount: number; divisa?: string; legal?: boolean }) {
  const associate = o.legal
    ? { dni: rut(), type: 'legal', monto: o.amount, newFicha: { socialReason: 'Aurora SpA', email: nextEmail() } }
    : {
        dni: rut(),
        type: 'natural',
        monto: o.amount,
        newFicha: { name: 'Inés', fatherName: 'Soto', email: nextEmail(), nationality: 'CL' },
      };
  const res = await t.post('admin', '/api/consultations', {
    transactionDate: o.date,
    divisa: o.divisa ?? 'CLP',
    associates: [associate],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; associates: { fichaId: string }[] };
}

type Entry = { type: string; status: string; required: boolean; reasons: { code: string; params: object }[] };
async function formOf(operationId: string, type: string): Promise<Entry> {
  const res = await t.get('frontdesk', `/api/forms/operation/${operationId}`);
  expect(res.statusCode, res.body).toBe(200);
  const f = (res.json() as { forms: Entry[] }[])[0]?.forms.find((x) => x.type === type);
  if (!f) throw new Error(`no ${type} in the panel`);
  return f;
}

describe('the Forms panel says why a form is required', () => {
  it('DOF: the amount over the threshold in the operation’s own currency (CLP), no conversion', async () => {
    await setRules({ dofThreshold: 1_000_000, dofCurrency: null });
    // the day's rate known, so that the due diligence by amount is judged (and out of reach)
    await loadRate('CLP', '2018-03-12', 940);
    const o = await operation({ date: '2018-03-12', amount: 30_000_000 });
    expect(await formOf(o.id, 'formDOF')).toMatchObject({
      required: true,
      status: 'required',
      reasons: [
        {
          code: 'dofAboveThreshold',
          params: {
            amount: 30_000_000,
            currency: 'CLP',
            threshold: 1_000_000,
            thresholdCurrency: 'CLP',
            converted: null,
            rateDate: null,
          },
        },
      ],
    });
  });

  it('DOF: a threshold in USD compares the CLP amount at the day’s rate and names the rate’s day', async () => {
    await setRules({ dofThreshold: 1_000, dofCurrency: 'USD' });
    await loadRate('CLP', '2018-03-16', 940);
    // a Saturday: the last rate before it (Friday's) converts
    const o = await operation({ date: '2018-03-17', amount: 30_000_000 });
    const f = await formOf(o.id, 'formDOF');
    expect(f.required).toBe(true);
    expect(f.reasons).toHaveLength(1);
    const r = f.reasons[0] as { code: string; params: Record<string, unknown> };
    expect(r.code).toBe('dofAboveThreshold');
    expect(r.params).toMatchObject({
      amount: 30_000_000,
      currency: 'CLP',
      threshold: 1_000,
      thresholdCurrency: 'USD',
      rateDate: '2018-03-16',
    });
    // 30,000,000 / 940 = USD 31,914.89
    expect(r.params.converted as number).toBeCloseTo(31_914.89, 2);
  });

  it('DOF: without the day’s rate the declaration is asked for and the reason says which rate is missing', async () => {
    await setRules({ dofThreshold: 1_000, dofCurrency: 'USD' });
    const o = await operation({ date: '2016-06-15', amount: 500_000 });
    const f = await formOf(o.id, 'formDOF');
    expect(f.required).toBe(true);
    expect(f.reasons).toEqual([
      {
        code: 'dofRateMissing',
        params: {
          amount: 500_000,
          currency: 'CLP',
          threshold: 1_000,
          thresholdCurrency: 'USD',
          day: '2016-06-15',
          missing: 'CLP',
        },
      },
      // the due diligence by amount cannot be judged either (decision 147)
      { code: 'dofDueDiligencePending', params: { day: '2016-06-15', currency: 'CLP' } },
    ]);
  });

  it('DOF not required: the amount below the threshold, with the conversion that judged it', async () => {
    await setRules({ dofThreshold: 1_000, dofCurrency: 'USD' });
    await loadRate('CLP', '2018-04-10', 900);
    // CLP 450,000 at 900: USD 500
    const o = await operation({ date: '2018-04-10', amount: 450_000 });
    expect(await formOf(o.id, 'formDOF')).toMatchObject({
      required: false,
      status: 'notRequired',
      reasons: [
        {
          code: 'dofBelowThreshold',
          params: {
            amount: 450_000,
            currency: 'CLP',
            threshold: 1_000,
            thresholdCurrency: 'USD',
            converted: 500,
            rateDate: '2018-04-10',
          },
        },
      ],
    });
  });

  it('DOF: the operation’s due diligence by amount names its rule, threshold and the amount in USD', async () => {
    await setRules({ dofThreshold: 1e12, dofCurrency: null });
    await setDueDiligence(15_000);
    try {
      await loadRate('CLP', '2018-05-14', 900);
      // CLP 16,560,000 at 900: USD 18,400, above R.10's USD 15,000 (the Circular 59 threshold set to 15,000 too)
      const o = await operation({ date: '2018-05-14', amount: 16_560_000 });
      const f = await formOf(o.id, 'formDOF');
      expect(f.required).toBe(true);
      expect(f.reasons).toContainEqual({
        code: 'dofDueDiligence',
        params: {
          rule: 'fatfR10Occasional',
          thresholdUsd: 15_000,
          operationAmount: 16_560_000,
          currency: 'CLP',
          amountUsd: 18_400,
          rateDate: '2018-05-14',
        },
      });
      expect(f.reasons.map((r) => r.code)).not.toContain('dofAboveThreshold');
    } finally {
      await setDueDiligence(1e12);
    }
  });

  it('BF: a legal person (and not required once the company turns the rule off)', async () => {
    await setRules({ dofThreshold: 0, dofCurrency: null });
    const o = await operation({ date: '2018-03-12', amount: 5_000, divisa: 'USD', legal: true });
    expect(await formOf(o.id, 'formBF')).toMatchObject({
      required: true,
      reasons: [{ code: 'bfLegalPerson', params: {} }],
    });
    // the threshold 0: every participant with an amount declares, and the reason says so
    expect((await formOf(o.id, 'formDOFLegal')).reasons).toEqual([
      { code: 'dofEveryAmount', params: { amount: 5_000, currency: 'USD' } },
    ]);
    await setRules({ bfForLegal: false });
    try {
      expect(await formOf(o.id, 'formBF')).toMatchObject({
        required: false,
        status: 'notRequired',
        reasons: [{ code: 'bfRuleOff', params: {} }],
      });
    } finally {
      await setRules({ bfForLegal: true });
    }
  });

  it('PEP: the participant’s PEP status with its end and its source; a participant who is not PEP says so', async () => {
    const o = await operation({ date: '2018-03-12', amount: 5_000 });
    expect(await formOf(o.id, 'formPep')).toMatchObject({
      required: false,
      reasons: [{ code: 'pepNotPep', params: {} }],
    });
    const fichaId = o.associates[0]?.fichaId as string;
    const patch = await t.patch('admin', `/api/fichas-clientes/${fichaId}`, {
      pepStatus: 'direct',
      pepLevel: 1,
      pepExpiration: '2027-11-14',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const f = await formOf(o.id, 'formPep');
    expect(f.required).toBe(true);
    expect(f.reasons).toEqual([
      {
        code: 'pepParticipant',
        params: expect.objectContaining({ status: 'direct', until: '2027-11-14', source: 'declaration' }),
      },
    ]);
  });

  it('renewal: a declaration signed longer ago than the window is due again, with the day signed and the window; the ficha says it too', async () => {
    await setRules({ dofThreshold: 0, dofCurrency: null, updateWindowDays: 365 });
    const o = await operation({ date: '2018-03-12', amount: 5_000, divisa: 'USD' });
    const made = await t.post('admin', '/api/form-dof', { consultationId: o.id, associateIndex: 0 });
    expect(made.statusCode, made.body).toBe(200);
    // signed on 14/11/2024: its 365 days ended on 14/11/2025
    await t.deps.db
      .updateTable('forms')
      .set({ status: 'signed', signedAt: new Date('2024-11-14T15:00:00Z') })
      .where('id', '=', made.json().id)
      .execute();
    const renewal = { code: 'renewal', params: { lastSigned: '2024-11-14', windowDays: 365, dueOn: '2025-11-14' } };
    expect(await formOf(o.id, 'formDOF')).toMatchObject({
      required: true,
      status: 'required',
      reasons: [{ code: 'dofEveryAmount', params: { amount: 5_000, currency: 'USD' } }, renewal],
    });
    const summary = await t.get('admin', `/api/formularios/entity/ficha/${o.associates[0]?.fichaId}/summary`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().find((s: { type: string }) => s.type === 'formDOF')).toMatchObject({
      currentStatus: 'required',
      reasons: [renewal],
    });
  });
});

describe('the operations list and the bulk send say why too (POST /forms/operations/reasons)', () => {
  it('answers each operation’s forms with the Forms panel’s reasons; another company’s operation is a 404', async () => {
    await setRules({ dofThreshold: 1_000_000, dofCurrency: null, bfForLegal: true });
    const above = await operation({ date: '2026-11-20', amount: 30_000_000 });
    const legal = await operation({ date: '2026-11-20', amount: 10, legal: true });
    const url = '/api/forms/operations/reasons';
    const payload = { operationIds: [above.id, legal.id] };
    expect((await t.call({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect((await t.post('auditor', url, payload)).statusCode).toBe(403);
    // another company's operation is not found, as on every route, and the answer names it
    const foreign = await t.post({ as: 'admin', company: 'br' }, url, payload);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'OPERATION_NOT_FOUND', field: 'operationIds.0' });
    const bad = await t.post('frontdesk', url, { operationIds: ['x'] });
    expect(bad.statusCode).toBe(400);

    const res = await t.post('frontdesk', url, payload);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(
      (res.json() as { operationId: string; forms: Entry[] }[]).map((r) => [r.operationId, r.forms] as const),
    );
    const dof = byId.get(above.id)?.find((f) => f.type === 'formDOF');
    expect(dof).toMatchObject({ required: true, status: 'required', name: expect.stringContaining('Inés') });
    // the same words as the panel's, from the same function
    expect(dof?.reasons).toEqual((await formOf(above.id, 'formDOF')).reasons);
    expect(dof?.reasons[0]).toMatchObject({
      code: 'dofAboveThreshold',
      params: { amount: 30_000_000, currency: 'CLP', threshold: 1_000_000 },
    });
    const bf = byId.get(legal.id)?.find((f) => f.type === 'formBF');
    expect(bf).toMatchObject({ required: true, reasons: [{ code: 'bfLegalPerson', params: {} }] });
    const dofLegal = byId.get(legal.id)?.find((f) => f.type === 'formDOFLegal');
    expect(dofLegal).toMatchObject({ required: false, reasons: [{ code: 'dofBelowThreshold' }] });
  });
});
