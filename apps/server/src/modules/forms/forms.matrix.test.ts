import fs from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { linkOf, multipart, operation, PNG, sentAndFilled, uploadImages } from '../../../test/forms-fixtures';
import { createTestApp, useTestApp } from '../../../test/harness';

const t = useTestApp();

type Call = { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown };
/** 401 without a session, 403 for a role without the key, 404 for another company's record. */
async function guards(c: Call, role: string, otherCompanyUrl = c.url) {
  expect((await t.call({ ...c } as never)).statusCode, `${c.method} ${c.url} 401`).toBe(401);
  expect((await t.call({ ...c, as: role } as never)).statusCode, `${c.method} ${c.url} 403`).toBe(403);
  const other = await t.call({ ...c, url: otherCompanyUrl, as: 'admin', company: 'br' } as never);
  expect(other.statusCode, `${c.method} ${c.url} 404 ${other.body}`).toBe(404);
}

async function pdfBytes(opts: { encrypted?: boolean; pad?: number } = {}) {
  const doc = await PDFDocument.create();
  doc.addPage();
  let bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  if (opts.encrypted) {
    bytes = Buffer.from(bytes.toString('latin1').replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt 3 0 R'), 'latin1');
  }
  if (opts.pad) bytes = Buffer.concat([bytes, Buffer.alloc(opts.pad, 0x20)]);
  return bytes;
}

describe('formularios entity, paises, company form rules', () => {
  it('POST /formularios/entity, GET and PATCH by id', async () => {
    const { o } = await operation(t);
    const body = { consultationId: o.id, associateIndex: 0, type: 'formDOF' };
    await guards({ method: 'POST', url: '/api/formularios/entity', payload: body }, 'userMonitoring');
    const bad = await t.post('admin', '/api/formularios/entity', { ...body, type: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('type');
    const created = await t.post('frontdesk', '/api/formularios/entity', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    // the same participant and type: the same form, not a second one
    expect((await t.post('admin', '/api/formularios/entity', body)).json().id).toBe(id);

    const url = `/api/formularios/entity/${id}`;
    await guards({ method: 'GET', url }, 'userMonitoring');
    expect((await t.get('admin', '/api/formularios/entity/nope')).statusCode).toBe(400);
    expect((await t.get('admin', url)).json()).toMatchObject({ id, status: 'required' });

    const patch = { status: 'filled', fields: { note: 'paper form received' } };
    await guards({ method: 'PATCH', url, payload: patch }, 'userMonitoring');
    const badPatch = await t.patch('admin', url, { status: 'signed' });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().field).toBe('status');
    const ok = await t.patch('admin', url, patch);
    expect(ok.json()).toMatchObject({ status: 'filled', data: { note: 'paper form received' } });
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'before', 'after'])
      .where('entityId', '=', id)
      .execute();
    expect(audit.find((a) => a.action === 'form.updated')).toMatchObject({
      before: { status: 'required' },
      after: { status: 'filled' },
    });
  });

  it('GET /formularios/paises', async () => {
    expect((await t.call({ method: 'GET', url: '/api/formularios/paises' })).statusCode).toBe(401);
    expect((await t.get('userMonitoring', '/api/formularios/paises')).statusCode).toBe(403);
    const res = await t.get('frontdesk', '/api/formularios/paises');
    expect(res.json().map((c: { code: string }) => c.code)).toEqual(['CL', 'BR']);
    // the template screens of the super administrator read it too
    expect((await t.get('superAdmin', '/api/formularios/paises')).statusCode).toBe(200);
  });

  it('GET and PATCH /companies/form/{companyId}', async () => {
    const url = `/api/companies/form/${t.companies.cl}`;
    await guards({ method: 'GET', url }, 'frontdesk');
    await guards({ method: 'PATCH', url, payload: { updateWindowDays: 200 } }, 'frontdesk');
    expect((await t.get('admin', '/api/companies/form/x')).statusCode).toBe(400);
    const bad = await t.patch('admin', url, { dofThreshold: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('dofThreshold');
    const ok = await t.patch('adminNoUser', url, { updateWindowDays: 200 });
    expect(ok.json()).toMatchObject({ updateWindowDays: 200 });
    expect((await t.get('admin', url)).json().updateWindowDays).toBe(200);
    await t.patch('admin', url, { updateWindowDays: 365 });
  });

  it('the DOF threshold in another currency converts each participant at the day rate', async () => {
    const url = `/api/companies/form/${t.companies.cl}`;
    const badCurrency = await t.patch('admin', url, { dofCurrency: 'EUR' });
    expect(badCurrency.json().field).toBe('dofCurrency');
    // 1,000,000 CLP: Ana's USD 5,000 is above it, Beto's USD 100 below
    const r = await t.patch('admin', url, { dofThreshold: 1_000_000, dofCurrency: 'CLP' });
    expect(r.json()).toMatchObject({ dofThreshold: 1_000_000, dofCurrency: 'CLP' });
    // no due diligence by amount (which asks every participant's DOF, decision 147): the DOF threshold alone decides
    const rules = `/api/companies/${t.companies.cl}/business-rules`;
    await t.patch('superAdmin', rules, { ddOccasionalUsd: 1e12, ddWireUsd: 1e12 });
    try {
      const { o } = await operation(t);
      const panel = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
      expect(panel.map((p: { forms: { status: string }[] }) => p.forms[0]?.status)).toEqual([
        'required',
        'notRequired',
      ]);
    } finally {
      await t.patch('admin', url, { dofThreshold: 0, dofCurrency: null });
      await t.patch('superAdmin', rules, { ddOccasionalUsd: 15_000, ddWireUsd: 1_000 });
    }
  });

  it('POST /formularios/entity/batch-by-ficha-ids: ids deduplicated, an empty list answers nothing', async () => {
    const { o } = await operation(t);
    await t.post('admin', '/api/form-dof', { consultationId: o.id, associateIndex: 0 });
    const ficha = o.associates[0]?.fichaId as string;
    const url = '/api/formularios/entity/batch-by-ficha-ids';
    await guards({ method: 'POST', url, payload: { fichaIds: [ficha] } }, 'userMonitoring');
    expect((await t.post('admin', url, { fichaIds: ['x'] })).statusCode).toBe(400);
    const twice = await t.post('admin', url, { fichaIds: [ficha, ficha] });
    expect(twice.json()).toHaveLength(1);
    expect((await t.post('admin', url, { fichaIds: [] })).json()).toEqual([]);
  });
});

describe('templates for the super administrator, and English forms', () => {
  it('the super administrator names the company; a company in English gets English forms', async () => {
    const cl = t.companies.cl;
    const list = (q: string, as = 'superAdmin') => t.get(as, `/api/formularios/template/pais/CL${q}`);
    const none = await list('');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'COMPANY_REQUIRED', field: 'companyId' });
    expect((await list('?companyId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // a company user naming another company: 404
    expect((await list(`?companyId=${t.companies.br}`, 'admin')).statusCode).toBe(404);
    const es = await list(`?companyId=${cl}`);
    expect(
      es.json().find((x: { formType: string; isDefault: boolean }) => x.isDefault && x.formType === 'formDOF').nombre,
    ).toBe('Declaración de origen de fondos');
    const created = await t.post('superAdmin', `/api/formularios/template?companyId=${cl}`, { id_pais: 1 });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ nombre: expect.stringMatching(/^Formulario \d+$/), id_pais: 1 });
    const mine = await t.get('admin', `/api/formularios/template/${created.json().id}`);
    expect(mine.statusCode).toBe(200);
    const preview = await t.post('superAdmin', `/api/formularios/preview?companyId=${cl}`, {
      country_id: 1,
      form_id: created.json().id,
      preview_configuration: {
        title: 'Mi formulario',
        sections: [{ key: 's', title: 'S', fields: [{ key: 'a', type: 'date', label: 'Fecha' }] }],
      },
    });
    expect(preview.json()).toMatchObject({ title: 'Mi formulario' });
    const rules = await t.patch('superAdmin', `/api/companies/form/${cl}`, { dofThreshold: 0 });
    expect(rules.statusCode).toBe(200);

    await t.deps.db.updateTable('companies').set({ language: 'en' }).where('id', '=', cl).execute();
    try {
      const en = await list(`?companyId=${cl}`);
      expect(
        en.json().find((x: { formType: string; isDefault: boolean }) => x.isDefault && x.formType === 'formDOF').nombre,
      ).toBe('Source of funds declaration');
      const { o, email } = await operation(t);
      await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`);
      const { formId, key, mail } = await linkOf(t, email);
      expect(mail.subject).toContain('Source of funds declaration');
      const view = (await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` })).json();
      expect(view).toMatchObject({ language: 'en', template: { title: 'Source of funds declaration' } });
      expect(view.template.sections[0].fields[0].label).toBe('Full name');
    } finally {
      await t.deps.db.updateTable('companies').set({ language: 'es' }).where('id', '=', cl).execute();
    }
  });
});

describe('resendDOFLegal and resendPEP', () => {
  it('401, 403, 404, bad input, happy path', async () => {
    const legal = await operation(t, 'cl', { legal: true });
    const natural = await operation(t);
    // a PEP declaration applies to every participant; a legal DOF only to legal persons
    for (const [name, good, wrongType] of [
      ['resendDOFLegal', legal, natural],
      ['resendPEP', natural, null],
    ] as const) {
      const url = `/api/consultations/${name}/${good.o.id}/0`;
      await guards({ method: 'GET', url }, 'userMonitoring');
      if (wrongType) {
        const notApplicable = await t.get('admin', `/api/consultations/${name}/${wrongType.o.id}/0`);
        expect(notApplicable.statusCode).toBe(400);
        expect(notApplicable.json().code).toBe('FORM_TYPE_NOT_APPLICABLE');
      }
      expect((await t.get('admin', `/api/consultations/${name}/${good.o.id}/x`)).statusCode).toBe(400);
      expect((await t.get('admin', `/api/consultations/${name}/${good.o.id}/7`)).statusCode).toBe(404);
      const ok = await t.get('frontdesk', url);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ sent: true, to: good.email });
    }
  });
});

describe('addfile and the supporting documents', () => {
  it('POST /form-dof/{id}/addfile: 401, 403, 404, 30 MB, encrypted, not a PDF, then stored, listed and downloaded', async () => {
    const { o } = await operation(t);
    const id = (await t.post('admin', '/api/form-dof', { consultationId: o.id, associateIndex: 0 })).json().id;
    const url = `/api/form-dof/${id}/addfile`;
    const good = await pdfBytes();
    const send = (bytes: Buffer, as?: string, company?: 'cl' | 'br') =>
      t.call({
        method: 'POST',
        url,
        as,
        company,
        ...multipart('file', 'Cartola bancaria ñ.pdf', bytes, 'application/pdf'),
      } as never);
    expect((await send(good)).statusCode).toBe(401);
    expect((await send(good, 'userMonitoring')).statusCode).toBe(403);
    expect((await send(good, 'admin', 'br')).statusCode).toBe(404);
    const huge = await send(await pdfBytes({ pad: 30 * 1024 * 1024 }), 'admin');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Archivo demasiado grande, el tamaño máximo es 25MB');
    const enc = await send(await pdfBytes({ encrypted: true }), 'admin');
    expect(enc.statusCode).toBe(400);
    expect(enc.json()).toMatchObject({
      code: 'FILE_ENCRYPTED',
      field: 'file',
      message: 'Error al cargar el documento',
    });
    expect((await send(PNG, 'admin')).json().code).toBe('FILE_FORMAT');
    const ok = await send(good, 'admin');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Cartola bancaria ñ.pdf', size: good.length });
    expect((await t.get('admin', `/api/form-dof/${id}`)).json().files).toHaveLength(1);

    const dl = `/api/form-dof/${id}/files/0`;
    await guards({ method: 'GET', url: dl }, 'userMonitoring');
    const file = await t.get('frontdesk', dl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Cartola bancaria ñ.pdf')}`,
    );
    expect(file.rawPayload.equals(good)).toBe(true);
    expect((await t.get('admin', `/api/form-dof/${id}/files/1`)).statusCode).toBe(404);
    const audit = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['form.file.uploaded', 'form.file.read']));
  });

  it('POST /form-dof-legal/public/{id}/addfile: the visitor adds a document once identified', async () => {
    const { o, email } = await operation(t, 'cl', { legal: true });
    await t.get('admin', `/api/consultations/resendDOFLegal/${o.id}/0`);
    const { formId, key } = await linkOf(t, email);
    const url = (k: string) => `/api/form-dof-legal/public/${formId}/addfile?key=${k}`;
    const good = await pdfBytes();
    const up = (k: string, bytes = good) =>
      t.call({ method: 'POST', url: url(k), ...multipart('file', 'Escritura.pdf', bytes, 'application/pdf') });
    const wrong = await up('not-the-key');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('El formulario que busca parece no ser válido');
    expect((await up(key)).json().code).toBe('FORM_NOT_IDENTIFIED');
    await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/identify`,
      payload: { key, dni: o.associates[0]?.dni },
    });
    expect((await up(key, await pdfBytes({ encrypted: true }))).json().code).toBe('FILE_ENCRYPTED');
    expect((await up(key, await pdfBytes({ pad: 30 * 1024 * 1024 }))).statusCode).toBe(413);
    // the DOF legal's path only: the BF path does not take a DOF legal form
    const otherType = await t.call({
      method: 'POST',
      url: `/api/form-bf/public/${formId}/addfile?key=${key}`,
      ...multipart('file', 'x.pdf', good, 'application/pdf'),
    });
    expect(otherType.statusCode).toBe(404);
    const ok = await up(key);
    expect(ok.statusCode, ok.body).toBe(200);
    const seen = await t.get('admin', `/api/form-dof-legal/${formId}/files/0`);
    expect(seen.rawPayload.equals(good)).toBe(true);
  });
});

describe('glosa-formularios', () => {
  it('CRUD: 401, 403, 404 of another company, bad input, key unique, list with filter, count with where, audited', async () => {
    const body = {
      clave: `decl.${Date.now()}`,
      titulo: 'Declaración jurada',
      texto: 'Declaro bajo juramento…',
      formType: 'formDOF',
      id_pais: 1,
    };
    await guards(
      { method: 'POST', url: '/api/glosa-formularios', payload: body },
      'frontdesk',
      '/api/glosa-formularios/00000000-0000-4000-8000-000000000000',
    );
    const bad = await t.post('admin', '/api/glosa-formularios', { ...body, clave: '1 bad' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('clave');
    const created = await t.post('admin', '/api/glosa-formularios', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    const dup = await t.post('adminNoUser', '/api/glosa-formularios', body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('GLOSA_KEY_TAKEN');

    const one = `/api/glosa-formularios/${id}`;
    await guards({ method: 'GET', url: one }, 'frontdesk');
    await guards({ method: 'PATCH', url: one, payload: { titulo: 'X' } }, 'frontdesk');
    expect((await t.get('admin', one)).json()).toMatchObject({
      clave: body.clave,
      formType: 'formDOF',
    });
    expect((await t.patch('admin', one, { texto: '' })).statusCode).toBe(400);
    const patched = await t.patch('admin', one, { titulo: 'Declaración jurada simple' });
    expect(patched.json().titulo).toBe('Declaración jurada simple');

    const filter = encodeURIComponent(JSON.stringify({ where: { clave: body.clave } }));
    const list = await t.get('admin', `/api/glosa-formularios?filter=${filter}`);
    expect(list.json().map((g: { id: string }) => g.id)).toEqual([id]);
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/glosa-formularios?filter=${filter}`)).json()).toEqual([]);
    const where = encodeURIComponent(JSON.stringify({ formType: 'formDOF', clave: body.clave }));
    expect((await t.get('admin', `/api/glosa-formularios/count?where=${where}`)).json()).toEqual({ count: 1 });
    const badWhere = encodeURIComponent(JSON.stringify({ password: 'x' }));
    expect((await t.get('admin', `/api/glosa-formularios/count?where=${badWhere}`)).statusCode).toBe(400);
    await t.patch('admin', one, { isActive: false });
    expect(
      (
        await t.get(
          'admin',
          `/api/glosa-formularios/count?where=${encodeURIComponent(JSON.stringify({ clave: body.clave }))}`,
        )
      ).json(),
    ).toEqual({ count: 0 });
    // in the order they were written (a table's rows come back in no promised order: PostgreSQL may put a new row
    // in an earlier page's free space)
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['form.glosa.created', 'form.glosa.updated', 'form.glosa.updated']);
  });
});

describe('the public calls: PATCH .../public/{id}, POST /form-dof-legal/public, expired links, signing twice', () => {
  it('POST /form-dof-legal/public {form,key}: the answers of a legal DOF', async () => {
    const { o, email } = await operation(t, 'cl', { legal: true });
    await t.get('admin', `/api/consultations/resendDOFLegal/${o.id}/0`);
    const { formId, key } = await linkOf(t, email);
    const data = {
      businessName: 'Empresa',
      document: o.associates[0]?.dni,
      activity: 'Comercio',
      address: 'Av. 2',
      representativeName: 'Rep',
      representativeDocument: '1-9',
      amount: 9000,
      currency: 'USD',
      origin: 'business',
      originDetail: 'Ventas',
    };
    const wrong = await t.call({
      method: 'POST',
      url: '/api/form-dof-legal/public',
      payload: { form: { id: formId, data }, key: 'x' },
    });
    expect(wrong.statusCode).toBe(404);
    await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/identify`,
      payload: { key, dni: o.associates[0]?.dni },
    });
    const bad = await t.call({
      method: 'POST',
      url: '/api/form-dof-legal/public',
      payload: { form: { id: formId, data: { ...data, currency: 'EUR' } }, key },
    });
    expect(bad.json()).toMatchObject({ code: 'FORM_FIELD_INVALID', field: 'form.data.currency' });
    const ok = await t.call({
      method: 'POST',
      url: '/api/form-dof-legal/public',
      payload: { form: { id: formId, data }, key },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('filled');
  });

  it('PATCH /form-dof/public/{id}: signs once; a second time is FORM_ALREADY_SIGNED and the first signature is kept', async () => {
    const f = await sentAndFilled(t);
    await uploadImages(t, f.formId, f.key);
    const url = `/api/form-dof/public/${f.formId}`;
    expect(
      (await t.call({ method: 'PATCH', url, payload: { form: { id: f.formId, signed: true }, key: 'nope' } }))
        .statusCode,
    ).toBe(404);
    const missing = await t.call({ method: 'PATCH', url, payload: { form: { id: f.formId }, key: f.key } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('form.signed');
    const first = await t.call({ method: 'PATCH', url, payload: { form: { id: f.formId, signed: true }, key: f.key } });
    expect(first.statusCode, first.body).toBe(200);
    const stored = await t.deps.db.selectFrom('forms').selectAll().where('id', '=', f.formId).executeTakeFirstOrThrow();
    const signedBytes = await t.deps.files.get(stored.signedKey as string);
    const again = await t.call({ method: 'PATCH', url, payload: { form: { id: f.formId, signed: true }, key: f.key } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'FORM_ALREADY_SIGNED',
      message: 'Este formulario ya está firmado; la primera firma se conserva',
    });
    const en = await t.call({
      method: 'POST',
      url: '/api/form-dof/public-signed',
      headers: { 'accept-language': 'en' },
      payload: { form: { id: f.formId }, key: f.key },
    });
    expect(en.json().message).toBe('This form is already signed; the first signature is kept');
    const after = await t.deps.db.selectFrom('forms').selectAll().where('id', '=', f.formId).executeTakeFirstOrThrow();
    expect(after.signedSha256).toBe(stored.signedSha256);
    expect(after.signedAt?.toISOString()).toBe(stored.signedAt?.toISOString());
    expect((await t.deps.files.get(after.signedKey as string))?.equals(signedBytes as Buffer)).toBe(true);
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', f.formId)
      .where('action', '=', 'form.signed')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('an expired link is refused with the spec message', async () => {
    const { o, email } = await operation(t);
    await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`);
    const { formId, key } = await linkOf(t, email);
    await t.deps.db
      .updateTable('formLinks')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('formId', '=', formId)
      .execute();
    const res = await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'FORM_LINK_INVALID',
      message: 'El formulario que busca parece no ser válido',
    });
    const row = await t.deps.db.selectFrom('forms').select('status').where('id', '=', formId).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });

  it('a fake JPEG (right header, broken body) is a translated 400 at upload, a real JPEG passes and signs', async () => {
    const f = await sentAndFilled(t);
    const real = jpeg.encode({ width: 64, height: 48, data: Buffer.alloc(64 * 48 * 4, 90) }, 80).data;
    const fake = Buffer.concat([real.subarray(0, 300), Buffer.alloc(800, 0x11), Buffer.from([0xff, 0xd9])]);
    const upload = multipart('file', 'p.jpg', fake, 'image/jpeg');
    const bad = await t.call({
      method: 'POST',
      url: `/api/forms/public/${f.formId}/image/photo?key=${f.key}`,
      payload: upload.payload,
      headers: { ...upload.headers, 'accept-language': 'pt-BR' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'FORM_IMAGE_INVALID', field: 'file' });
    expect(bad.json().message).toContain('JPEG ou PNG');
    await uploadImages(t, f.formId, f.key, real);
    const signed = await t.call({
      method: 'POST',
      url: '/api/form-dof/public-signed',
      payload: { form: { id: f.formId }, key: f.key },
    });
    expect(signed.statusCode, signed.body).toBe(200);
  });
});

describe('the review step preview', () => {
  it('GET /forms/public/{id}/preview: the unsigned PDF once filled; a wrong key is the invalid link', async () => {
    const { o, email } = await operation(t);
    await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`);
    const { formId, key } = await linkOf(t, email);
    const url = (k: string) => `/api/forms/public/${formId}/preview?key=${k}`;
    expect((await t.call({ method: 'GET', url: url('nope') })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: url(key) })).json().code).toBe('FORM_NOT_IDENTIFIED');
    const f = await sentAndFilled(t);
    await uploadImages(t, f.formId, f.key);
    const res = await t.call({ method: 'GET', url: `/api/forms/public/${f.formId}/preview?key=${f.key}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // not signed: no signature dictionary; the form is still to be signed
    expect(pdf.toString('latin1')).not.toContain('/ByteRange');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    const row = await t.deps.db
      .selectFrom('forms')
      .select('status')
      .where('id', '=', f.formId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('filled');
  });
});

describe('/public/example', () => {
  it('a sample filled form with a fictional person, no company data, and its PDF', async () => {
    const en = await t.call({ method: 'GET', url: '/api/forms/public/example?lang=en' });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json()).toMatchObject({
      name: 'María Ejemplo Ficticia',
      template: { title: 'Source of funds declaration' },
    });
    expect(en.json().data.originDetail).toContain('Savings');
    // no company of the platform appears in it
    const names = await t.deps.db.selectFrom('companies').select('name').execute();
    for (const n of names) expect(en.body).not.toContain(n.name);
    const pdf = await t.call({ method: 'GET', url: '/api/forms/public/example?lang=pt-BR&format=pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call({ method: 'GET', url: '/api/forms/public/example?lang=xx' })).statusCode).toBe(400);
  });
});

describe('nothing half-written', () => {
  it('a signature whose second file cannot be stored leaves the form filled, no file and no audit row', async () => {
    const f = await sentAndFilled(t);
    await uploadImages(t, f.formId, f.key);
    const put = t.deps.files.put.bind(t.deps.files);
    let writes = 0;
    t.deps.files.put = async (k, b) => {
      writes++;
      if (writes === 2) throw new Error('disk full (injected)');
      return put(k, b);
    };
    try {
      const res = await t.call({
        method: 'POST',
        url: '/api/form-dof/public-signed',
        payload: { form: { id: f.formId }, key: f.key },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      t.deps.files.put = put;
    }
    const row = await t.deps.db.selectFrom('forms').selectAll().where('id', '=', f.formId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'filled', signedKey: null, originalKey: null, signedSha256: null });
    const dir = path.join(t.deps.config.dataDir, 'files', 'forms', row.companyId, f.formId);
    // only the three images remain: the first PDF written was removed again
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.pdf'))).toEqual([]);
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', f.formId)
      .where('action', '=', 'form.signed')
      .execute();
    expect(audits).toHaveLength(0);
    // and the visitor can sign afterwards
    const ok = await t.call({
      method: 'POST',
      url: '/api/form-dof/public-signed',
      payload: { form: { id: f.formId }, key: f.key },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('an addfile whose transaction fails leaves no file, no list entry and no audit row', async () => {
    const { o } = await operation(t);
    const id = (await t.post('admin', '/api/form-dof', { consultationId: o.id, associateIndex: 0 })).json().id;
    // the audit row cannot be written: the database refuses it (a trigger made for the test)
    await sql`create or replace function refuse_form_file() returns trigger language plpgsql as $$
      begin if new.action = 'form.file.uploaded' then raise exception 'audit refused (injected)'; end if; return new; end $$`.execute(
      t.deps.db,
    );
    await sql`create trigger refuse_form_file before insert on audit_log for each row execute function refuse_form_file()`.execute(
      t.deps.db,
    );
    try {
      const res = await t.call({
        as: 'admin',
        method: 'POST',
        url: `/api/form-dof/${id}/addfile`,
        ...multipart('file', 'x.pdf', await pdfBytes(), 'application/pdf'),
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_form_file on audit_log`.execute(t.deps.db);
    }
    const row = await t.deps.db.selectFrom('forms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.files).toEqual([]);
    const dir = path.join(t.deps.config.dataDir, 'files', 'forms', row.companyId, id);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });
});

describe('public rate limit', () => {
  it('a public form call answers 429 past the per-address limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        codes.push(
          (await limited.call({ method: 'GET', url: '/api/form-dof/public/00000000-0000-4000-8000-000000000000/x' }))
            .statusCode,
        );
      }
      expect(codes.slice(0, 6)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(codes.slice(6)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
