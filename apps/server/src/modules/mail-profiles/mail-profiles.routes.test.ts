import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decodeQuotedPrintable, startSmtp } from '../../../test/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const URL = '/api/tools/mail-profiles';
/** the message text, quoted-printable undone and read as UTF-8 */
const textOf = (raw: string | undefined) => Buffer.from(decodeQuotedPrintable(raw ?? ''), 'latin1').toString('utf8');
let n = 0;
const body = (over: Record<string, unknown> = {}) => ({
  companyName: 'Cambios Andes SpA',
  profileName: `Perfil ${++n}`,
  replyEmail: 'cumplimiento@andes.example',
  templateType: 'default',
  color: '#aa3311',
  signature: 'Oficial de cumplimiento\nCambios Andes',
  ...over,
});
const create = (over: Record<string, unknown> = {}, company: 'cl' | 'br' = 'cl') =>
  t.post({ as: 'admin', company }, URL, body(over));

describe('e-mail profiles', () => {
  it('401 without a session, 403 for a role without e-mail customization, 404 for another company', async () => {
    expect((await t.call({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: URL, payload: body() })).statusCode).toBe(401);
    expect((await t.get('userMonitoring', URL)).statusCode).toBe(403);
    expect((await t.post('userMonitoring', URL, body())).statusCode).toBe(403);
    const other = (await create({}, 'br')).json();
    const res = await t.get('admin', `${URL}/${other.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'MAIL_PROFILE_NOT_FOUND', message: 'No se encontró el perfil de correo' });
    const patch = await t.patch('admin', `${URL}/${other.id}`, { active: true });
    expect(patch.statusCode).toBe(404);
    const list = (await t.get('admin', URL)).json() as { id: string }[];
    expect(list.some((p) => p.id === other.id)).toBe(false);
  });

  it('creates, reads, counts and updates a profile; each change audited', async () => {
    const before = (await t.get('admin', `${URL}/count`)).json().count;
    const res = await create({ profileName: 'Operaciones' });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ profileName: 'Operaciones', color: '#aa3311', active: false, templateKey: null });
    expect((await t.get('admin', `${URL}/count`)).json().count).toBe(before + 1);
    const upd = await t.patch('admin', `${URL}/${p.id}`, {
      templateType: 'specific',
      templateKey: 'ops-v2',
      replyEmail: 'OPS@andes.example',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({
      templateType: 'specific',
      templateKey: 'ops-v2',
      replyEmail: 'ops@andes.example',
    });
    const got = (await t.get('admin', `${URL}/${p.id}`)).json();
    expect(got.templateKey).toBe('ops-v2');
    const audit = await t.deps.db.selectFrom('auditLog').selectAll().where('entityId', '=', p.id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['mailProfile.created', 'mailProfile.updated']);
  });

  it('refuses a repeated name, a repeated SSO domain, a specific template without key, bad fields', async () => {
    await create({ profileName: 'Único', ssoDomain: 'andes.example' });
    const dup = await create({ profileName: 'único' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'MAIL_PROFILE_NAME_TAKEN', field: 'profileName' });
    expect(dup.json().message).toBe('Ya existe un perfil con el nombre único');
    // the same SSO domain, even in another company
    const sso = await create({ ssoDomain: 'ANDES.example' }, 'br');
    expect(sso.statusCode).toBe(409);
    expect(sso.json()).toMatchObject({ code: 'MAIL_PROFILE_SSO_DOMAIN_TAKEN', field: 'ssoDomain' });
    const noKey = await create({ templateType: 'specific' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 'MAIL_PROFILE_TEMPLATE_KEY_REQUIRED', field: 'templateKey' });
    for (const bad of [
      { replyEmail: 'not-an-email' },
      { color: 'red' },
      { logo: 'javascript:alert(1)' },
      { profileName: '' },
      { templateType: 'other' },
    ]) {
      const res = await create(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const badId = await t.get('admin', `${URL}/not-a-uuid`);
    expect(badId.statusCode).toBe(400);
  });

  it('one active profile at a time: activating one deactivates the other', async () => {
    const a = (await create({ active: true })).json();
    const b = (await create({ active: true })).json();
    expect((await t.get('admin', `${URL}/${a.id}`)).json().active).toBe(false);
    expect((await t.get('admin', `${URL}/${b.id}`)).json().active).toBe(true);
  });

  it('test e-mails reach the SMTP server with the profile name, Reply-To, colour and signature', async () => {
    await create({
      profileName: 'Pruebas',
      companyName: 'Andes Compliance',
      replyEmail: 'respuestas@andes.example',
      templateType: 'specific',
      templateKey: 'test-key',
      color: '#123456',
      active: true,
    });
    const html = await t.post('admin', '/api/tools/sendEmailWithCustomHTML', {
      mailTo: 'html@dest.example',
      nameTo: 'Dest',
      subject: 'Prueba HTML',
      body: '<p>Contenido <b>HTML</b></p>',
    });
    expect(html.statusCode, html.body).toBe(200);
    const key = await t.post('admin', '/api/tools/sendMailWithTemplateKey', {
      mailTo: 'key@dest.example',
      nameTo: 'Joana',
      templateKey: 'test-key',
      lang: 'pt-BR',
    });
    expect(key.statusCode, key.body).toBe(200);
    const unknown = await t.post('admin', '/api/tools/sendMailWithTemplateKey', {
      mailTo: 'key@dest.example',
      templateKey: 'nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.post('admin', '/api/tools/sendEmailWithCustomHTML', { mailTo: 'x' })).statusCode).toBe(400);
    expect(
      (
        await t.post('userMonitoring', '/api/tools/sendEmailWithCustomHTML', {
          mailTo: 'a@b.example',
          subject: 's',
          body: 'b',
        })
      ).statusCode,
    ).toBe(403);
    await t.deps.queue.drain();
    const m1 = smtp.mails.find((m) => m.to.includes('html@dest.example'));
    expect(m1, 'custom HTML e-mail delivered').toBeTruthy();
    const raw1 = textOf(m1?.raw);
    expect(raw1).toMatch(/Reply-To: respuestas@andes\.example/i);
    expect(raw1).toContain('Andes Compliance');
    expect(raw1).toContain('#123456');
    expect(raw1).toContain('<b>HTML</b>');
    const m2 = smtp.mails.find((m) => m.to.includes('key@dest.example'));
    const raw2 = textOf(m2?.raw);
    expect(raw2).toContain('Olá Joana');
    expect(raw2).toContain('Oficial de cumplimiento');
  });

  it("a form e-mail carries the company's active profile, in the recipient's language", async () => {
    await create({ companyName: 'Andes Formularios', replyEmail: 'forms@andes.example', active: true });
    const body0 = '23999001';
    const dni = `${body0}-${rutCheckDigit(body0)}`;
    const email = 'participante@dest.example';
    const op = await t.post('admin', '/api/consultations', {
      divisa: 'USD',
      transactionDate: '2025-03-14',
      associates: [
        {
          dni,
          type: 'natural',
          monto: 5_000,
          newFicha: { name: 'Ana', fatherName: 'Pérez', email, nationality: 'CL' },
        },
      ],
    });
    expect(op.statusCode, op.body).toBe(200);
    const sent = await t.get('admin', `/api/consultations/resendDOF/${op.json().id}/0`);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.deps.queue.drain();
    const m = smtp.mails.find((x) => x.to.includes(email));
    expect(m, 'form e-mail delivered').toBeTruthy();
    const raw = textOf(m?.raw);
    expect(raw).toMatch(/Reply-To: forms@andes\.example/i);
    expect(raw).toMatch(/From: "?Andes Formularios"?/);
    expect(raw).toContain('Oficial de cumplimiento');
    expect(raw).toContain('origen de fondos');
  });
});
