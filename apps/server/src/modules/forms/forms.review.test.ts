import { describe, expect, it } from 'vitest';
import { fillAndSign, linkOf, nextEmail, rut } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

/** A natural participant whose ficha says direct PEP signs a PEP form answering "No": the operation and the form. */
async function pepDenied() {
  const email = nextEmail('pep');
  const dni = rut();
  const res = await t.post({ as: 'admin', company: 'cl' }, '/api/consultations', {
    divisa: 'CLP',
    transactionDate: '2026-03-14',
    associates: [{ dni, type: 'natural', monto: 1000, newFicha: { name: 'Diputada', fatherName: 'Rojas', email } }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json() as { id: string; associates: { fichaId: string }[] };
  await t.deps.db
    .updateTable('fichas')
    .set({ pepStatus: 'direct', pepLevel: 1 })
    .where('id', '=', o.associates[0]?.fichaId as string)
    .execute();
  const sent = await t.get({ as: 'admin', company: 'cl' }, `/api/consultations/resendPEP/${o.id}/0`);
  expect(sent.statusCode, sent.body).toBe(200);
  const { formId, key } = await linkOf(t, email);
  // sending is not diligence
  expect((await panel(o.id))[0].forms[1]).toMatchObject({ type: 'formPep', status: 'sent', diligence: 'required' });
  await t.call({ method: 'POST', url: `/api/forms/public/${formId}/identify`, payload: { key, dni } });
  await fillAndSign(t, 'form-pep', formId, key, {
    fullName: 'Diputada Rojas',
    document: dni,
    nationality: 'Chilena',
    address: 'Av. 1',
    isPep: 'no',
    isRelated: 'no',
  });
  return { o, formId };
}

async function panel(id: string) {
  const r = await t.get({ as: 'admin', company: 'cl' }, `/api/forms/operation/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

describe('contradictions caught and the officer review (issue 25 point 3)', () => {
  it('a PEP ficha that answers “not a PEP” is listed in words; the diligence waits for the review; accepting it is audited', async () => {
    const { o, formId } = await pepDenied();
    const pep = (await panel(o.id))[0].forms[1];
    expect(pep).toMatchObject({ status: 'signed', diligence: 'awaitingReview', review: null });
    expect(pep.findings).toEqual([{ code: 'pepDeniedButFichaPep', params: { status: 'direct' } }]);

    const url = `/api/forms/${formId}/review`;
    expect((await t.call({ method: 'POST', url, payload: { decision: 'accept' } })).statusCode).toBe(401);
    // front desk sends the forms but does not accept its own diligence
    expect((await t.post({ as: 'frontdesk', company: 'cl' }, url, { decision: 'accept' })).statusCode).toBe(403);
    expect((await t.post({ as: 'admin', company: 'br' }, url, { decision: 'accept' })).statusCode).toBe(404);
    const ok = await t.post({ as: 'admin', company: 'cl' }, url, { decision: 'accept' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().diligence).toBe('realized');
    const after = (await panel(o.id))[0].forms[1];
    expect(after).toMatchObject({ diligence: 'realized', review: { status: 'accepted', reason: null } });
    expect(after.review.by).toBeTruthy();
    const again = await t.post({ as: 'admin', company: 'cl' }, url, { decision: 'accept' });
    expect(again.json().code).toBe('FORM_ALREADY_REVIEWED');
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', formId)
      .where('action', '=', 'form.reviewed')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('asking for a new declaration needs a reason; the form is then due again and the reason shown', async () => {
    const { o, formId } = await pepDenied();
    const url = `/api/forms/${formId}/review`;
    const noReason = await t.post({ as: 'admin', company: 'cl' }, url, { decision: 'renew' });
    expect(noReason.statusCode).toBe(400);
    const renew = await t.post({ as: 'admin', company: 'cl' }, url, {
      decision: 'renew',
      reason: 'La ficha la registra como Diputada de la República',
    });
    expect(renew.statusCode, renew.body).toBe(200);
    const pep = (await panel(o.id))[0].forms[1];
    expect(pep).toMatchObject({
      status: 'required',
      diligence: 'required',
      review: { status: 'renewalRequested', reason: 'La ficha la registra como Diputada de la República' },
    });
    // the next send makes a new form
    const sent = await t.get({ as: 'admin', company: 'cl' }, `/api/consultations/resendPEP/${o.id}/0`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().formId).not.toBe(formId);
  });
});
