import { describe, expect, it } from 'vitest';
import { linkOf, operation, rut, sentAndFilled, uploadImages } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

const row = async (id: string) => (await t.get('admin', `/api/consultations/${id}`)).json() as Record<string, unknown>;
const snapshot = async (id: string) => {
  const o = await row(id);
  return [o.consultationStatus, o.formDOF, o.formBF, o.pepDefaultFormStatus];
};
const tableRow = async (id: string) => {
  const res = await t.post('admin', '/api/informes/tabla-consultas', { limit: 100, skip: 0 });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string; consultationStatus: string; formDOF: string }[]).find((r) => r.id === id);
};
// the fixtures' operations are dated 2025-03-14: the dashboard and the reports count operations by transaction
// date (decision 90), so the period is that day
const DAY = '2025-03-14';
const dashboardForms = async () => {
  const res = await t.get('admin', `/api/home-dashboard?from=${DAY}&to=${DAY}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().forms as { sent: number; signed: number };
};

describe("the operation's form status snapshot", () => {
  it('follows send, open, fill and sign, in the operation, the list and the dashboard', async () => {
    const before = await dashboardForms();
    const f = await sentAndFilled(t);
    // created: Ana's DOF is required (5,000 above the default threshold 0); Beto's too; no BF, no PEP
    // sent + opened + filled for Ana, Beto still required: the least advanced is 'required'
    expect(await snapshot(f.o.id)).toEqual(['required', 'required', 'notRequired', 'notRequired']);
    // Beto gets an e-mail on his ficha and his DOF is sent: now both are past 'required'
    const beto = (await row(f.o.id)).associates as { fichaId: string }[];
    const betoEmail = `beto.${Date.now()}@example.cl`;
    const patched = await t.patch('admin', `/api/fichas-clientes/${beto[1]?.fichaId}`, { email: betoEmail });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await t.get('admin', `/api/consultations/resendDOF/${f.o.id}/1`)).statusCode).toBe(200);
    expect(await snapshot(f.o.id)).toEqual(['sent', 'sent', 'notRequired', 'notRequired']);
    expect((await tableRow(f.o.id))?.consultationStatus).toBe('sent');
    const sentNow = await dashboardForms();
    expect(sentNow.sent).toBe(before.sent + 1);
    expect(sentNow.signed).toBe(before.signed);

    await uploadImages(t, f.formId, f.key);
    const signed = await t.call({
      method: 'POST',
      url: '/api/form-dof/public-signed',
      payload: { form: { id: f.formId }, key: f.key },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // Ana's ficha: its form summary
    const anaFicha = f.o.associates[0]?.fichaId as string;
    const sumUrl = `/api/formularios/entity/ficha/${anaFicha}/summary`;
    expect((await t.call({ method: 'GET', url: sumUrl })).statusCode).toBe(401);
    expect((await t.get('userMonitoring', sumUrl)).statusCode).toBe(403);
    expect((await t.get({ as: 'admin', company: 'br' }, sumUrl)).statusCode).toBe(404);
    const summary = (await t.get('frontdesk', sumUrl)).json();
    expect(summary).toHaveLength(1);
    const signedAt = signed.json().signedAt as string;
    expect(summary[0]).toMatchObject({
      type: 'formDOF',
      formName: 'Declaración de origen de fondos',
      currentStatus: 'signed',
      lastTimeSignature: signedAt,
      lastEffectiveDate: new Date(new Date(signedAt).getTime() + 365 * 86_400_000).toISOString(),
    });
    expect(summary[0].lastTimeSent).toEqual(expect.any(String));
    // Ana signed, Beto only sent: the operation is still 'sent'
    expect(await snapshot(f.o.id)).toEqual(['sent', 'sent', 'notRequired', 'notRequired']);
    // Beto opens and fills: the least advanced becomes Beto's
    const beLink = await linkOf(t, betoEmail);
    await t.call({ method: 'GET', url: `/api/form-dof/public/${beLink.formId}/${beLink.key}` });
    expect(await snapshot(f.o.id)).toEqual(['opened', 'opened', 'notRequired', 'notRequired']);
  });

  it('a signed operation counts as signed in the dashboard and the compliance report; deactivation is reflected', async () => {
    const before = await dashboardForms();
    const { o, email } = await operation(t, 'cl', { legal: true });
    // a legal person: DOF legal and BF required
    expect(await snapshot(o.id)).toEqual(['required', 'required', 'required', 'notRequired']);
    for (const [path, type] of [
      ['resendDOFLegal', 'form-dof-legal'],
      ['resendBF', 'form-bf'],
    ] as const) {
      expect((await t.get('admin', `/api/consultations/${path}/${o.id}/0`)).statusCode).toBe(200);
      const { formId, key } = await linkOf(t, email);
      expect((await t.call({ method: 'GET', url: `/api/${type}/public/${formId}/${key}` })).statusCode).toBe(200);
      await t.call({
        method: 'POST',
        url: `/api/forms/public/${formId}/identify`,
        payload: { key, dni: o.associates[0]?.dni },
      });
      const data =
        type === 'form-bf'
          ? {
              businessName: 'E',
              document: '1',
              activity: 'a',
              address: 'b',
              representativeName: 'c',
              representativeDocument: 'd',
              owners: [{ name: 'X', document: '1', percentage: 40 }],
            }
          : {
              businessName: 'E',
              document: '1',
              activity: 'a',
              address: 'b',
              representativeName: 'c',
              representativeDocument: 'd',
              amount: 9000,
              currency: 'USD',
              origin: 'business',
              originDetail: 'Ventas',
            };
      const filled = await t.call({
        method: 'POST',
        url: `/api/${type}/public-filled`,
        payload: { form: { id: formId, data }, key },
      });
      expect(filled.statusCode, filled.body).toBe(200);
      const who = await t.call({
        method: 'POST',
        url: `/api/forms/public/${formId}/signer`,
        payload: { key, name: 'Marta Rivas', document: rut(), capacity: 'legalRepresentative' },
      });
      expect(who.statusCode, who.body).toBe(200);
      await uploadImages(t, formId, key);
      const s = await t.call({
        method: 'POST',
        url: `/api/${type}/public-signed`,
        payload: { form: { id: formId }, key },
      });
      expect(s.statusCode, s.body).toBe(200);
    }
    expect(await snapshot(o.id)).toEqual(['signed', 'signed', 'signed', 'notRequired']);
    const after = await dashboardForms();
    expect(after.sent).toBe(before.sent + 1);
    expect(after.signed).toBe(before.signed + 1);
    const compliance = await t.get('admin', `/api/informes/oficial-cumplimiento/${t.companies.cl}/${DAY}/${DAY}`);
    expect(compliance.statusCode, compliance.body).toBe(200);
    const activity = compliance.json().tables[0].rows as [string, string][];
    expect(Number(activity.find(([k]) => k === 'Operaciones con formularios firmados')?.[1])).toBeGreaterThan(0);

    // the BF deactivated: its diligence closes incomplete and the operation needs a BF again
    const panel = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
    const bf = panel[0].forms.find((x: { type: string }) => x.type === 'formBF');
    const off = await t.patch('admin', `/api/form-bf/${bf.formId}`, {
      isActive: false,
      reason: 'La empresa no requiere el BF',
    });
    expect(off.statusCode).toBe(200);
    const again = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
    expect(again[0].forms.find((x: { type: string }) => x.type === 'formBF')).toMatchObject({
      status: 'required',
      diligence: 'closedIncomplete',
      active: false,
    });
    expect(await snapshot(o.id)).toEqual(['required', 'signed', 'required', 'notRequired']);
  });
});
