import { formatDate } from '@regcheck/shared/format/date';
import { describe, expect, it } from 'vitest';
import { formPdfText } from '../../../test/form-pdf-text';
import { multipart, operation, signedForm } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';
import { localDate, localTime } from '../../lib/business-days';

/**
 * Issue 25 point 6, the smaller ones, through the routes: deactivation says why (audited), the auditor reads the
 * signed declarations, a signed link opened again says when, and one SHA-256 (the declared content's) is what the
 * visitor, the PDF's audit page and /public/verify show.
 */
const t = useTestApp();

describe('forms: deactivation with a reason', () => {
  it('is refused without a reason, naming the field in the caller language; with one it is audited with it', async () => {
    const { o } = await operation(t);
    const created = await t.post('frontdesk', '/api/form-dof', { consultationId: o.id, associateIndex: 0 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const url = `/api/form-dof/${id}`;
    expect((await t.call({ method: 'PATCH', url, payload: { isActive: false, reason: 'x' } })).statusCode).toBe(401);
    expect((await t.patch('auditor', url, { isActive: false })).statusCode).toBe(403);
    expect(
      (await t.patch({ as: 'admin', company: 'br' }, url, { isActive: false, reason: 'Duplicado' })).statusCode,
    ).toBe(404);

    for (const payload of [{ isActive: false }, { isActive: false, reason: '  ' }]) {
      const bare = await t.patch('frontdesk', url, payload);
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toMatchObject({ code: 'FORM_DEACTIVATION_REASON_REQUIRED', field: 'reason' });
      expect(bare.json().message).toContain('motivo');
    }
    // still active: nothing changed
    expect((await t.get('admin', url)).json()).toMatchObject({ isActive: true });

    const off = await t.patch('frontdesk', url, { isActive: false, reason: ' El cliente desistió de la operación ' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false });
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'after', 'userId'])
      .where('entityId', '=', id)
      .where('action', '=', 'form.deactivated')
      .execute();
    expect(rows).toHaveLength(1);
    const after = typeof rows[0]?.after === 'string' ? JSON.parse(rows[0].after) : rows[0]?.after;
    expect(after).toMatchObject({ isActive: false, reason: 'El cliente desistió de la operación' });
    expect(rows[0]?.userId).toBeTruthy();
  });
});

describe('forms: a signed declaration', () => {
  it('is read by the auditor (list, summary, PDFs) who still cannot send, deactivate or review it', async () => {
    const f = await signedForm(t);
    const form = (await t.get('admin', `/api/form-dof/${f.formId}`)).json();
    const fichaId = form.fichaId as string;
    expect(fichaId).toBeTruthy();
    const list = await t.get('auditor', `/api/formularios/entity/ficha/${fichaId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: f.formId, signed: true })]));
    const summary = await t.get('auditor', `/api/formularios/entity/ficha/${fichaId}/summary`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual(expect.arrayContaining([expect.objectContaining({ currentStatus: 'signed' })]));
    const pdf = await t.get('auditor', `/api/form-dof/${f.formId}/downloadsigned`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(Buffer.from(f.result.pdf, 'base64'))).toBe(true);
    expect((await t.get('supervisor', `/api/form-dof/${f.formId}/downloadfile`)).statusCode).toBe(200);
    // another company's auditor: 404; no session: 401
    expect((await t.get({ as: 'auditor', company: 'br' }, `/api/form-dof/${f.formId}/downloadsigned`)).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'GET', url: `/api/formularios/entity/ficha/${fichaId}` })).statusCode).toBe(401);
    // a monitoring user reads fichas but not the declarations (formsRead: the operation roles, auditor, officer)
    expect((await t.get('userMonitoring', `/api/formularios/entity/ficha/${fichaId}`)).statusCode).toBe(403);
    // reading is not operation work
    expect((await t.get('auditor', `/api/consultations/resendDOF/${f.o.id}/0`)).statusCode).toBe(403);
    expect(
      (await t.patch('auditor', `/api/form-dof/${f.formId}`, { isActive: false, reason: 'Prueba' })).statusCode,
    ).toBe(403);
    expect((await t.post('auditor', `/api/forms/${f.formId}/review`, { decision: 'accept' })).statusCode).toBe(403);
  });

  it('shows one SHA-256, the declared content one, on the phone, on the audit page and at /public/verify', async () => {
    const f = await signedForm(t);
    const { contentSha256, sha256 } = f.result;
    expect(contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(contentSha256).not.toBe(sha256);
    const pdf = Buffer.from(f.result.pdf, 'base64');
    const text = (await formPdfText(pdf)).replace(/\n/g, ' ');
    expect(text).toContain(`SHA-256 del contenido declarado: ${contentSha256}`);
    expect(text).toContain('cubre las respuestas del formulario, la fotografía, la foto del documento y la firma');
    // the verification address in full, from the configuration
    expect(text).toContain(`${t.deps.config.publicUrl}/public/verify`);
    const verify = await t.call({
      method: 'POST',
      url: '/api/public/verify',
      ...multipart('file', 'signed.pdf', pdf, 'application/pdf'),
    });
    expect(verify.json()).toMatchObject({ valid: true, sha256, form: { contentSha256 } });
  });

  it('opened again through its link says when it was signed, in the company time, not "invalid link"', async () => {
    const f = await signedForm(t);
    const at = new Date(f.result.signedAt);
    const page = await t.call({ method: 'GET', url: `/api/form-dof/public/${f.formId}/${f.key}` });
    expect(page.statusCode).toBe(409);
    expect(page.json().code).toBe('FORM_SIGNED_ON');
    const date = formatDate(localDate('CL', at));
    const time = localTime('CL', at);
    expect(page.json().message).toBe(
      `Este formulario ya fue firmado el ${date} a las ${time} (hora de Chile). La firma quedó registrada y el enlace ya no se puede volver a usar; pida a la empresa una copia del documento si la necesita.`,
    );
    const pt = await t.call({
      method: 'GET',
      url: `/api/form-dof/public/${f.formId}/${f.key}`,
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(pt.json().message).toContain(`já foi assinado em ${date} às ${time}`);
    // a link that never signed (a wrong token) is still only 'invalid'
    const wrong = await t.call({ method: 'GET', url: `/api/form-dof/public/${f.formId}/not-the-key` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('FORM_LINK_INVALID');
  });
});
