import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkOf, operation } from '../../../test/forms-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startSmtp } from '../../../test/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  // a real SMTP server that refuses every address of the domain refused.example
  smtp = await startSmtp({ refuse: (a) => a.endsWith('@refused.example') });
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const panel = async (id: string) =>
  (await t.get('admin', `/api/forms/operation/${id}`)).json() as {
    forms: { type: string; status: string; sendState: string | null; formId: string }[];
  }[];

describe('POST /consultations/bulk-send-forms', () => {
  it('401, 403, 404 of another company, bad input', async () => {
    const { o } = await operation(t);
    const url = '/api/consultations/bulk-send-forms';
    const payload = { consultations: [{ consultationId: o.id }] };
    expect((await t.call({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect((await t.post('userMonitoring', url, payload)).statusCode).toBe(403);
    expect((await t.post({ as: 'admin', company: 'br' }, url, payload)).statusCode).toBe(404);
    const bad = await t.post('admin', url, { consultations: [{ consultationId: 'x' }] });
    expect(bad.statusCode).toBe(400);
    const badStatus = await t.post('admin', url, { ...payload, statuses: ['nope'] });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().field).toContain('statuses');
  });

  it('sends required forms; names each failed row in words; resends only when asked; not-required only when asked', async () => {
    const { o } = await operation(t);
    const url = '/api/consultations/bulk-send-forms';
    const first = await t.post('admin', url, { consultations: [{ consultationId: o.id }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: false, processed: 1 });
    expect(first.json().errors).toEqual([
      {
        consultationId: o.id,
        associateIndex: 1,
        codigo: o.codigoFormatted,
        name: expect.stringContaining('Beto'),
        type: 'formDOF',
        message: 'Debe ingresar un correo electrónico en la ficha para enviar el formulario',
      },
    ]);
    expect(first.json().message).toBe('Formularios enviados: 1; con error: 1');
    // Ana's DOF is sent now: a second call sends nothing of hers (required only)
    const again = await t.post('admin', url, { consultations: [{ consultationId: o.id }] });
    expect(again.json().processed).toBe(0);
    // with the resend confirmed, her sent DOF goes again (a new link)
    const resend = await t.post('admin', url, {
      consultations: [{ consultationId: o.id, associateIndex: 0 }],
      statuses: ['sent', 'opened', 'filled', 'signed'],
    });
    expect(resend.json()).toMatchObject({ success: true, processed: 1, errors: [] });
    // not-required forms (Ana's PEP) only when asked
    const notRequired = await t.post('admin', url, {
      consultations: [{ consultationId: o.id, associateIndex: 0 }],
      statuses: ['notRequired'],
    });
    expect(notRequired.json()).toMatchObject({ processed: 1 });
    const p = await panel(o.id);
    expect(p[0]?.forms.map((f) => [f.type, f.status])).toEqual([
      ['formDOF', 'sent'],
      ['formPep', 'sent'],
    ]);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'form.sent')
      .where('entityId', 'in', p[0]?.forms.map((f) => f.formId) ?? [])
      .execute();
    expect(audit).toHaveLength(3);

    // diligence: sending is not diligence, sent forms are still 'required' (issue 25 point 3); a deactivated PEP
    // closes incomplete and can be sent again (a new form)
    const full = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
    expect(full[0].forms.map((f: { diligence: string }) => f.diligence)).toEqual(['required', 'required']);
    const pep = full[0].forms[1];
    await t.patch('admin', `/api/form-pep/${pep.formId}`, { isActive: false, reason: 'No aplica' });
    const closed = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
    expect(closed[0].forms[1]).toMatchObject({ diligence: 'closedIncomplete', active: false, formId: pep.formId });
    const pepAgain = await t.get('admin', `/api/consultations/resendPEP/${o.id}/0`);
    expect(pepAgain.statusCode, pepAgain.body).toBe(200);
    expect(pepAgain.json().formId).not.toBe(pep.formId);
    const reopened = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
    expect(reopened[0].forms[1]).toMatchObject({ status: 'sent', diligence: 'required', active: true });
  });

  it('a signature older than the declaration update window makes the form required again', async () => {
    const { o } = await operation(t);
    const created = await t.post('admin', '/api/form-dof', { consultationId: o.id, associateIndex: 0 });
    const id = created.json().id;
    // a declaration signed 366 days ago (the window is 365 days)
    const old = new Date(Date.now() - 366 * 86_400_000);
    await t.deps.db.updateTable('forms').set({ status: 'signed', signedAt: old }).where('id', '=', id).execute();
    const p = await panel(o.id);
    expect(p[0]?.forms[0]).toMatchObject({ status: 'required', diligence: 'required' });
    await t.deps.db
      .updateTable('forms')
      .set({ signedAt: new Date(Date.now() - 300 * 86_400_000) })
      .where('id', '=', id)
      .execute();
    // signed inside the window: it waits for an officer's review (issue 25 point 3)
    expect((await panel(o.id))[0]?.forms[0]).toMatchObject({ status: 'signed', diligence: 'awaitingReview' });
  });

  it('an empty list answers nothing sent', async () => {
    const res = await t.post('admin', '/api/consultations/bulk-send-forms', { consultations: [] });
    expect(res.json()).toMatchObject({ success: true, processed: 0, errors: [] });
  });
});

describe('a form e-mail the SMTP server refuses', () => {
  it('rolls the send back: status as before, link revoked, the form says the e-mail failed, audited', async () => {
    const { o, email } = await operation(t);
    // Ana's ficha gets an address the server refuses
    const ficha = o.associates[0]?.fichaId as string;
    const refused = `ana.${Date.now()}@refused.example`;
    expect((await t.patch('admin', `/api/fichas-clientes/${ficha}`, { email: refused })).statusCode).toBe(200);
    expect(email).not.toBe(refused);
    const sent = await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await panel(o.id))[0]?.forms[0]).toMatchObject({ status: 'sent', sendState: 'queued' });
    const { formId, key } = await linkOf(t, refused);
    await t.deps.queue.drain();
    const mail = await t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('toAddress', '=', refused)
      .executeTakeFirstOrThrow();
    expect(mail.status).toBe('failed');
    expect(mail.attempts).toBe(1);
    expect(smtp.mails.some((m) => m.to.includes(refused))).toBe(false);
    const entry = (await panel(o.id))[0]?.forms[0];
    expect(entry).toMatchObject({ status: 'required', sendState: 'failed', formId });
    const form = await t.get('admin', `/api/form-dof/${formId}`);
    expect(form.json()).toMatchObject({ status: 'required', sendState: 'failed' });
    expect(form.json().sendError).toContain('550');
    // the link of the refused e-mail no longer opens
    expect((await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` })).statusCode).toBe(404);
    const op = (await t.get('admin', `/api/consultations/${o.id}`)).json();
    expect(op.formDOF).toBe('required');
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entityId', '=', formId)
      .where('action', '=', 'form.send.failed')
      .execute();
    expect(audit).toHaveLength(1);

    // a good address: delivered, and the form says so
    const good = `ana.ok.${Date.now()}@example.cl`;
    await t.patch('admin', `/api/fichas-clientes/${ficha}`, { email: good });
    expect((await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`)).statusCode).toBe(200);
    await t.deps.queue.drain();
    expect(smtp.mails.some((m) => m.to.includes(good))).toBe(true);
    expect((await panel(o.id))[0]?.forms[0]).toMatchObject({ status: 'sent', sendState: 'delivered' });
  });
});
