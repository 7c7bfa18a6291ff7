import { createHash } from 'node:crypto';
import { cnpjCheckDigits } from '@regcheck/shared/documents/cnpj';
import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { formPdfText } from '../../../test/form-pdf-text';
import { useTestApp } from '../../../test/harness';
import { verifyPdfSignature } from './forms.verify';

const t = useTestApp();

let seq = 23_400_000;
const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};
const cnpj = () => {
  const base = `${String(seq++).padStart(8, '0')}0001`;
  return `${base}${cnpjCheckDigits(base)}`;
};

// a 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function operation(company: 'cl' | 'br' = 'cl') {
  const email = `forms${seq}@example.cl`;
  const associates =
    company === 'cl'
      ? [
          {
            dni: rut(),
            type: 'natural',
            monto: 5_000,
            newFicha: { name: 'Ana', fatherName: 'Pérez', email, nationality: 'CL' },
          },
          {
            dni: rut(),
            type: 'natural',
            monto: 100,
            newFicha: { name: 'Beto', fatherName: 'Soto', nationality: 'CL' },
          },
        ]
      : [{ dni: cnpj(), type: 'legal', monto: 9_000, newFicha: { socialReason: 'Empresa Teste Ltda', email } }];
  const res = await t.post({ as: 'admin', company }, '/api/consultations', {
    divisa: 'USD',
    transactionDate: '2025-03-14',
    associates,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { o: res.json() as { id: string; associates: { dni: string }[] }, email };
}

/** The link e-mailed to `email` (read from the outbox): the form id and the token. */
async function linkOf(email: string) {
  const mail = await t.deps.db
    .selectFrom('outbox')
    .selectAll()
    .where('toAddress', '=', email)
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  const m = /form=([0-9a-f-]{36})&key=([A-Za-z0-9_-]+)/.exec(mail.textBody);
  if (!m) throw new Error(`no link in ${mail.textBody}`);
  return { formId: m[1] as string, key: m[2] as string, mail };
}

function multipart(name: string, filename: string, bytes: Buffer, type: string) {
  const boundary = `----b${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('forms: sending', () => {
  it('401, 403, 404 of another company, then the Forms panel and general status', async () => {
    const { o } = await operation();
    const url = `/api/forms/operation/${o.id}`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.get('userMonitoring', url)).statusCode).toBe(403);
    expect((await t.get({ as: 'admin', company: 'br' }, url)).statusCode).toBe(404);
    const panel = (await t.get('frontdesk', url)).json();
    expect(panel).toHaveLength(2);
    expect(panel[0].forms.map((f: { type: string; status: string }) => [f.type, f.status])).toEqual([
      ['formDOF', 'required'],
      ['formPep', 'notRequired'],
    ]);
    const general = (await t.get('admin', `/api/consultations/getGeneralFormStatus/${o.id}`)).json();
    expect(general[0]).toMatchObject({
      forms: { formDOF: 'required', formPep: 'notRequired' },
      generalStatus: 'required',
    });
  });

  it('sends a DOF by e-mail through the outbox; a participant without e-mail is refused with the spec message', async () => {
    const { o, email } = await operation();
    const send = (i: number) => t.get('admin', `/api/consultations/resendDOF/${o.id}/${i}`);
    const noMail = await send(1);
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json()).toMatchObject({ code: 'FORM_EMAIL_REQUIRED' });
    expect(noMail.json().message).toBe('Debe ingresar un correo electrónico en la ficha para enviar el formulario');
    const before = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
    expect(before[1].forms[0].status).toBe('required');
    const ok = await send(0);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ sent: true, to: email });
    const { formId, key, mail } = await linkOf(email);
    expect(mail.subject).toContain('Declaración de origen de fondos');
    // the token is stored only as its hash
    const links = await t.deps.db.selectFrom('formLinks').selectAll().where('formId', '=', formId).execute();
    expect(links).toHaveLength(1);
    expect(links[0]?.tokenHash).not.toBe(key);
    const panel = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
    expect(panel[0].forms[0]).toMatchObject({ status: 'sent', formId });
    // a resend revokes the old link
    expect((await send(0)).statusCode).toBe(200);
    const old = await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe('El formulario que busca parece no ser válido');
    const audit = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', formId).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['form.created', 'form.sent']));
    // another company's operation: 404; a wrong type for the participant: 400
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/consultations/resendDOF/${o.id}/0`)).statusCode).toBe(
      404,
    );
    expect((await t.get('admin', `/api/consultations/resendBF/${o.id}/0`)).statusCode).toBe(400);
    expect((await t.get('userMonitoring', `/api/consultations/resendDOF/${o.id}/0`)).statusCode).toBe(403);
  });

  it('bulk-send-forms answers success, message, processed and one error per failed row', async () => {
    const { o } = await operation();
    const res = await t.post('admin', '/api/consultations/bulk-send-forms', {
      consultations: [{ consultationId: o.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.processed).toBe(1);
    expect(body.success).toBe(false);
    // Beto has no e-mail: one failed row
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ consultationId: o.id, associateIndex: 1 });
    const other = await t.post({ as: 'admin', company: 'br' }, '/api/consultations/bulk-send-forms', {
      consultations: [{ consultationId: o.id }],
    });
    expect(other.statusCode).toBe(404);
  });

  it('lists, counts, reads and deactivates (soft) a form; another company gets 404', async () => {
    const { o } = await operation();
    const created = await t.post('admin', '/api/form-dof', { consultationId: o.id, associateIndex: 0 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect((await t.get('admin', `/api/form-dof/${id}`)).json()).toMatchObject({
      status: 'required',
      isActive: true,
    });
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/form-dof/${id}`)).statusCode).toBe(404);
    expect((await t.get('admin', `/api/form-bf/${id}`)).statusCode).toBe(404);
    const where = encodeURIComponent(JSON.stringify({ consultationId: o.id }));
    expect((await t.get('admin', `/api/form-dof/count?where=${where}`)).json()).toEqual({
      count: 1,
    });
    const off = await t.patch('admin', `/api/form-dof/${id}`, { isActive: false, reason: 'Operación anulada' });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await t.get('admin', `/api/form-dof/count?where=${where}`)).json()).toEqual({
      count: 0,
    });
    const bad = await t.post('admin', '/api/form-dof', { consultationId: o.id, associateIndex: 9 });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe('FORM_PARTICIPANT_NOT_FOUND');
    const batch = await t.post('admin', '/api/formularios/entity/batch-by-ficha-ids', { fichaIds: [] });
    expect(batch.json()).toEqual([]);
  });
});

describe('forms: templates and rules', () => {
  it('a new template is Formulario N with an empty configuration and country 2; unknown field types are refused', async () => {
    expect((await t.post('frontdesk', '/api/formularios/template', {})).statusCode).toBe(403);
    const res = await t.post('admin', '/api/formularios/template', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nombre: expect.stringMatching(/^Formulario \d+$/),
      configuracion: {},
      id_pais: 2,
    });
    const bad = await t.patch('admin', `/api/formularios/template/${res.json().id}`, {
      configuracion: {
        title: 'X',
        sections: [{ key: 's', title: 'S', fields: [{ key: 'a', type: 'hologram', label: 'A' }] }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'FORM_TEMPLATE_FIELD_TYPE',
      field: 'configuracion.sections.0.fields.0.type',
    });
    expect(bad.json().message).toContain('hologram');
    const preview = await t.post('admin', '/api/formularios/preview', { country_id: 1, form_id: 'formBF' });
    expect(preview.json().sections.map((s: { key: string }) => s.key)).toContain('owners');
    const list = await t.get({ as: 'admin', company: 'br' }, '/api/formularios/template/pais/BR');
    expect(
      list.json().find((x: { formType: string; isDefault: boolean }) => x.isDefault && x.formType === 'formPep').nombre,
    ).toContain('Declaração');
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/formularios/template/${res.json().id}`)).statusCode).toBe(
      404,
    );
  });

  it('form rules: PATCH /companies/form/{companyId}; another company is 404; the DOF threshold changes what is required', async () => {
    // no due diligence by amount (which asks every participant's DOF, decision 147): the DOF threshold alone decides
    const rules = `/api/companies/${t.companies.cl}/business-rules`;
    const high = { ddOccasionalUsd: 1e12, ddWireUsd: 1e12 };
    expect((await t.patch('superAdmin', rules, high)).statusCode).toBe(200);
    const { o } = await operation().finally(() =>
      t.patch('superAdmin', rules, { ddOccasionalUsd: 15_000, ddWireUsd: 1_000 }),
    );
    const url = `/api/companies/form/${t.companies.cl}`;
    expect((await t.patch({ as: 'admin', company: 'br' }, url, { dofThreshold: 1 })).statusCode).toBe(404);
    const r = await t.patch('admin', url, { dofThreshold: 1_000 });
    expect(r.json()).toMatchObject({ dofThreshold: 1000, updateWindowDays: 365 });
    const panel = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
    expect(panel[0].forms[0].status).toBe('required');
    expect(panel[1].forms[0].status).toBe('notRequired');
    await t.patch('admin', url, { dofThreshold: 0 });
  });
});

describe('forms: the public signing flow', () => {
  it('open, identify, fill, photos, signature, sign: a signed PDF that validates and /public/verify recognises', async () => {
    const hook = await t.post('admin', '/api/webhooks', {
      url: 'https://hooks.example.com/regcheck',
      events: ['form.signed'],
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const { o, email } = await operation();
    expect((await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`)).statusCode).toBe(200);
    const { formId, key } = await linkOf(email);
    const dni = o.associates[0]?.dni as string;

    const view = await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ status: 'opened', identified: false, name: expect.stringContaining('Ana') });
    expect(view.json()).not.toHaveProperty('dniHint');
    expect((await t.call({ method: 'GET', url: `/api/form-pep/public/${formId}/${key}` })).statusCode).toBe(404);

    const fillBody = {
      form: {
        id: formId,
        data: {
          fullName: 'Ana Pérez',
          document: dni,
          nationality: 'Chilena',
          address: 'Av. 1',
          occupation: 'Ingeniera',
          amount: 5000,
          currency: 'USD',
          origin: 'salary',
          originDetail: 'Sueldo',
        },
      },
      key,
    };
    expect((await t.call({ method: 'POST', url: '/api/form-dof/public-filled', payload: fillBody })).json().code).toBe(
      'FORM_NOT_IDENTIFIED',
    );
    const wrongDni = await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/identify`,
      payload: { key, dni: '1-9' },
    });
    expect(wrongDni.json().code).toBe('FORM_DOCUMENT_MISMATCH');
    expect(
      (await t.call({ method: 'POST', url: `/api/forms/public/${formId}/identify`, payload: { key, dni } })).json()
        .identified,
    ).toBe(true);

    const missing = await t.call({
      method: 'POST',
      url: '/api/form-dof/public-filled',
      payload: { ...fillBody, form: { id: formId, data: { ...fillBody.form.data, originDetail: '' } } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'FORM_FIELD_REQUIRED', field: 'form.data.originDetail' });
    const filled = await t.call({ method: 'POST', url: '/api/form-dof/public-filled', payload: fillBody });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().status).toBe('filled');

    const noSig = await t.call({
      method: 'POST',
      url: '/api/form-dof/public-signed',
      payload: { form: { id: formId }, key },
    });
    expect(noSig.json().code).toBe('FORM_PHOTO_REQUIRED');
    const fake = await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/image/photo?key=${key}`,
      ...multipart('file', 'x.png', Buffer.from('not an image'), 'image/png'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('FORM_IMAGE_INVALID');
    const big = await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/image/photo?key=${key}`,
      ...multipart('file', 'x.png', Buffer.concat([PNG, Buffer.alloc(2_200_000)]), 'image/png'),
    });
    expect(big.statusCode).toBe(413);
    for (const kind of ['photo', 'idPhoto'] as const) {
      const up = await t.call({
        method: 'POST',
        url: `/api/forms/public/${formId}/image/${kind}?key=${key}`,
        ...multipart('file', 'p.png', PNG, 'image/png'),
      });
      expect(up.statusCode, up.body).toBe(200);
    }
    expect(
      (
        await t.call({ method: 'POST', url: '/api/form-dof/public-signed', payload: { form: { id: formId }, key } })
      ).json().code,
    ).toBe('FORM_SIGNATURE_REQUIRED');
    await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/image/signature?key=${key}`,
      ...multipart('file', 's.png', PNG, 'image/png'),
    });
    // no more editing once the signing steps began
    expect((await t.call({ method: 'POST', url: '/api/form-dof/public-filled', payload: fillBody })).json().code).toBe(
      'FORM_NOT_EDITABLE',
    );

    const signed = await t.call({
      method: 'POST',
      url: '/api/form-dof/public-signed',
      payload: { form: { id: formId }, key },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const pdf = Buffer.from(signed.json().pdf, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(verifyPdfSignature(pdf)).not.toBeNull();

    // signing twice is refused; the link is spent
    const again = await t.call({
      method: 'POST',
      url: '/api/form-dof/public-signed',
      payload: { form: { id: formId }, key },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('FORM_ALREADY_SIGNED');
    // opening the spent link again says when it was signed (issue 25 point 6), not 'invalid link'
    const reopened = await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().code).toBe('FORM_SIGNED_ON');

    // the company downloads the signed and original PDFs; the operation shows signed
    const dl = await t.get('admin', `/api/form-dof/${formId}/downloadsigned`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('signed.pdf');
    expect(dl.rawPayload.equals(pdf)).toBe(true);
    expect((await t.get('admin', `/api/form-dof/${formId}/downloadfile`)).statusCode).toBe(200);
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/form-dof/${formId}/downloadsigned`)).statusCode).toBe(
      404,
    );
    const panel = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
    expect(panel[0].forms[0]).toMatchObject({ status: 'signed', diligence: 'awaitingReview', hasSigned: true });

    const ok = await t.call({
      method: 'POST',
      url: '/api/public/verify',
      ...multipart('file', 'signed.pdf', pdf, 'application/pdf'),
    });
    expect(ok.json()).toMatchObject({
      valid: true,
      signedByRegCheck: true,
      integrity: true,
      form: { type: 'formDOF' },
    });
    // when, in the company's time zone (Chile) and format, as the PDF's audit page writes it (decision 222)
    const local = ok.json().form.signedAtLocal as { date: string; time: string; country: string };
    expect(local.country).toBe('CL');
    expect(local.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(local.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const signedAt = new Date(ok.json().form.signedAt);
    const santiago = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Santiago',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(signedAt);
    expect(`${local.date}, ${local.time}`).toBe(santiago);
    expect((await formPdfText(pdf)).replace(/\s+/g, ' ')).toContain(
      `${local.date} a las ${local.time} (hora de Chile)`,
    );
    const tampered = Buffer.from(pdf);
    tampered[400] = (tampered[400] ?? 0) ^ 1;
    const no = await t.call({
      method: 'POST',
      url: '/api/public/verify',
      ...multipart('file', 'x.pdf', tampered, 'application/pdf'),
    });
    expect(no.json()).toMatchObject({ valid: false, form: null });

    const audit = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', formId).execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['form.opened', 'form.identified', 'form.filled', 'form.image.uploaded', 'form.signed']),
    );

    // the company's webhook is told once, with the form and the signed file's digest, never the answers
    const log = await t.get('admin', `/api/webhooks/${hook.json().webhook.id}/deliveries`);
    expect(log.json().data.map((r: { event: string }) => r.event)).toEqual(['form.signed']);
    const deliveries = await t.deps.db
      .selectFrom('webhookDeliveries')
      .select(['event', 'payload'])
      .where('webhookId', '=', hook.json().webhook.id)
      .execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.payload).toMatchObject({
      formId,
      type: 'formDOF',
      operationId: o.id,
      dni,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    expect(JSON.stringify(deliveries[0]?.payload)).not.toContain('Ingeniera');
  });

  it('a BF of a legal ficha in Brazil, in Portuguese', async () => {
    const { o, email } = await operation('br');
    const sent = await t.post({ as: 'admin', company: 'br' }, '/api/consultations/send-email-bf', {
      consultationId: o.id,
      associateIndex: 0,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { formId, key, mail } = await linkOf(email);
    expect(mail.subject).toContain('beneficiário final');
    const view = (await t.call({ method: 'GET', url: `/api/form-bf/public/${formId}/${key}` })).json();
    expect(view.template.title).toBe('Declaração de beneficiário final');
    await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/identify`,
      payload: { key, dni: o.associates[0]?.dni },
    });
    const bad = await t.call({
      method: 'POST',
      url: '/api/form-bf/public-filled',
      payload: {
        key,
        form: {
          id: formId,
          data: {
            businessName: 'E',
            document: '1',
            activity: 'a',
            address: 'b',
            representativeName: 'c',
            representativeDocument: 'd',
            owners: [{ name: 'X', document: '1', percentage: 140 }],
          },
        },
      },
    });
    expect(bad.json()).toMatchObject({ code: 'FORM_FIELD_INVALID', field: 'form.data.owners.0.percentage' });
  });
});

describe('forms: the file name of a download (decision 260)', () => {
  it("a supporting document stored as 'Declaração \"final\" d'Ávila.pdf' downloads under that name, header well formed", async () => {
    const { o } = await operation();
    const created = await t.post('admin', '/api/form-dof', { consultationId: o.id, associateIndex: 0 });
    const id = created.json().id as string;
    const doc = await PDFDocument.create();
    doc.addPage();
    const bytes = Buffer.from(await doc.save());
    const up = await t.call({
      as: 'admin',
      method: 'POST',
      url: `/api/form-dof/${id}/addfile`,
      ...multipart('file', 'x.pdf', bytes, 'application/pdf'),
    } as never);
    expect(up.statusCode, up.body).toBe(200);
    // uploads clean their names today; a record carried over from the old system kept the name as the user gave it
    const name = `Declaração "final" d'Ávila.pdf`;
    const row = await t.deps.db.selectFrom('forms').select('files').where('id', '=', id).executeTakeFirstOrThrow();
    const files = (row.files as { name: string }[]).map((f) => ({ ...f, name }));
    await t.deps.db
      .updateTable('forms')
      .set({ files: JSON.stringify(files) } as never)
      .where('id', '=', id)
      .execute();

    const res = await t.get('frontdesk', `/api/form-dof/${id}/files/0`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const header = res.headers['content-disposition'] as string;
    // exactly what the browser reads: the ASCII fallback (quotes replaced) and the UTF-8 name
    expect(header).toBe(
      `attachment; filename="Declaracao _final_ d'Avila.pdf"; filename*=UTF-8''Declara%C3%A7%C3%A3o%20%22final%22%20d%27%C3%81vila.pdf`,
    );
    expect(decodeURIComponent(header.split("filename*=UTF-8''")[1] as string)).toBe(name);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
