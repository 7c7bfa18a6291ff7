import { describe, expect, it } from 'vitest';
import { countReports } from '../../../test/allegations-fixtures';
import { useTestApp } from '../../../test/harness';
import { channelChallenge, fileReport, multipart, PNG, smallPdf, solved } from './allegations.test-helpers';

const t = useTestApp({ RATE_LIMIT_MAX: '1000' });

describe('the public channel', () => {
  it('shows the company and its categories only while its channel is active; unknown and inactive look the same', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/denuncia-public/channel/${t.companies.cl}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      companyName: 'Demo Chile SpA',
      categories: expect.arrayContaining(['fraud', 'harassment']),
    });
    await t.deps.db
      .updateTable('companies')
      .set({ allegationsChannelStatus: 'inactive' })
      .where('id', '=', t.companies.br)
      .execute();
    const inactive = await t.app.inject({ method: 'GET', url: `/api/denuncia-public/channel/${t.companies.br}` });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/denuncia-public/channel/5b0e7f0e-1c1a-4c44-9f55-3b8d2b7d8a11',
    });
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json()).toEqual(unknown.json());
    expect(JSON.stringify(inactive.json())).not.toContain('Brasil');
    // filing to an inactive channel is refused too, and nothing is written
    const before = await countReports(t);
    const refused = await fileReport(t, { companyId: t.companies.br });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('ALLEGATION_CHANNEL_UNAVAILABLE');
    expect(await countReports(t)).toBe(before);
    await t.deps.db
      .updateTable('companies')
      .set({ allegationsChannelStatus: 'active' })
      .where('id', '=', t.companies.br)
      .execute();
  });

  it('files a report with attachments in one go: id and pin once, the pin only as an argon2id hash, no address stored', async () => {
    const res = await fileReport(t, {}, [
      { name: 'facturas.pdf', bytes: await smallPdf() },
      { name: 'foto.png', bytes: PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const { id_denuncia, pin } = res.json();
    expect(id_denuncia).toMatch(/^[A-Z2-9]{10}$/);
    expect(pin).toMatch(/^\d{8}$/);
    const row = await t.deps.db
      .selectFrom('allegations')
      .selectAll()
      .where('code', '=', id_denuncia)
      .executeTakeFirstOrThrow();
    expect(row.pinHash.startsWith('$argon2id$')).toBe(true);
    expect(JSON.stringify(row)).not.toContain(pin);
    expect(row).toMatchObject({ status: 'received', anonymous: true, reporterName: null, leyKarin: false });
    const files = await t.deps.db
      .selectFrom('allegationFiles')
      .selectAll()
      .where('allegationId', '=', row.id)
      .execute();
    expect(files.map((f) => f.mime).sort()).toEqual(['application/pdf', 'image/png']);
    const messages = await t.deps.db
      .selectFrom('allegationMessages')
      .selectAll()
      .where('allegationId', '=', row.id)
      .execute();
    expect(messages).toHaveLength(1);
    const auditRows = await t.deps.db.selectFrom('auditLog').selectAll().where('entityId', '=', row.id).execute();
    expect(auditRows.map((a) => a.action)).toEqual(['allegation.filed']);
    expect(auditRows[0]?.ip).toBeNull();
    expect(JSON.stringify(auditRows)).not.toContain('Facturas falsas');
    // the column list of the table has no place for an address or a user agent
    expect(Object.keys(row).filter((k) => /^ip|address|agent/i.test(k))).toEqual([]);
  });

  it('a harassment report gets the Ley Karin deadline of 30 business days', async () => {
    const res = await fileReport(t, {
      category: 'harassment',
      anonymous: false,
      reporterName: 'Ana Pérez',
      reporterEmail: 'ana@example.cl',
    });
    const row = await t.deps.db
      .selectFrom('allegations')
      .selectAll()
      .where('code', '=', res.json().id_denuncia)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ leyKarin: true, reporterName: 'Ana Pérez' });
    expect(row.investigationDue).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('bad input: a translated 4xx and no partial report', async () => {
    const before = await countReports(t);
    const noCaptcha = await fileReport(t, { captcha: 'x' });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().code).toBe('CAPTCHA_INVALID');
    const noCategory = await fileReport(t, { category: undefined });
    expect(noCategory.json()).toMatchObject({ statusCode: 400, code: 'ALLEGATION_DATA_INVALID', field: 'category' });
    expect(noCategory.json().message).toContain('category');
    const noDescription = await fileReport(t, { description: '   ' });
    expect(noDescription.json()).toMatchObject({ statusCode: 400, field: 'description' });
    const unknownCategory = await fileReport(t, { category: 'tax' });
    expect(unknownCategory.json()).toMatchObject({ statusCode: 400, code: 'ALLEGATION_CATEGORY_UNKNOWN' });
    const noContact = await fileReport(t, { anonymous: false, reporterName: 'Ana' });
    expect(noContact.json()).toMatchObject({ statusCode: 400, code: 'ALLEGATION_REPORTER_CONTACT' });
    const huge = await fileReport(t, { description: 'x'.repeat(10 * 1024 * 1024) });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 1)]);
    const renamed = await fileReport(t, {}, [{ name: 'contrato.pdf', bytes: exe }]);
    expect(renamed.json()).toMatchObject({ statusCode: 400, code: 'FILE_FORMAT' });
    // in the reader's language, whole (it was "Incorrect file format: solo se aceptan…", issue 27)
    expect(renamed.json().message).toBe(
      'Formato de archivo incorrecto: solo se aceptan PDF e imágenes (PNG, JPEG, GIF, WebP).',
    );
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/denuncia-public',
      payload: { category: 'fraud' },
    });
    expect(notMultipart.statusCode).toBe(400);
    const badJson = multipart('{not json');
    expect((await t.app.inject({ method: 'POST', url: '/api/denuncia-public', ...badJson })).statusCode).toBe(400);
    expect(await countReports(t)).toBe(before);
    // in Spanish by default; English when asked
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/denuncia-public',
      headers: { ...multipart({}).headers, 'accept-language': 'en' },
      payload: multipart({}).payload,
    });
    expect(en.json().message).toMatch(/missing or not valid/);
  });
});

describe('following a report with id and pin', () => {
  it('shows the report to the holder of id and pin; a wrong pin and an unknown id answer the same', async () => {
    const { id_denuncia, pin } = (await fileReport(t)).json();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/denuncia-public/detail',
      payload: { companyId: t.companies.cl, id_denuncia, pin, captcha: await solved(t) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id_denuncia, status: 'received', category: 'fraud' });
    expect(ok.json().messages).toHaveLength(1);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/denuncia-public/detail',
      payload: { companyId: t.companies.cl, id_denuncia, pin: '00000000', captcha: await solved(t) },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/denuncia-public/detail',
      payload: { companyId: t.companies.cl, id_denuncia: 'ZZZZZZZZZZ', pin, captcha: await solved(t) },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(unknown.json());
    expect(JSON.stringify(wrong.json())).not.toContain('Facturas');
    const noChallenge = await t.app.inject({
      method: 'POST',
      url: '/api/denuncia-public/detail',
      payload: { companyId: t.companies.cl, id_denuncia, pin, captcha: 'nope' },
    });
    expect(noChallenge.json().code).toBe('CAPTCHA_INVALID');
  });

  it('five wrong pins turn that address away (429) without revealing anything; the right pin from another address opens the report', async () => {
    const { id_denuncia, pin } = (await fileReport(t)).json();
    const chat = async (p: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat-denuncias-public/detail',
        remoteAddress,
        payload: {
          companyId: t.companies.cl,
          denunciaId: id_denuncia,
          pin: p,
          captcha: await channelChallenge(t, id_denuncia),
        },
      });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await chat(String(10000000 + i), '198.51.100.20');
      codes.push(r.statusCode);
      expect(r.body).not.toContain('Facturas');
    }
    expect(codes).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    // that address is turned away even with the right pin...
    const sameAddress = await chat(pin, '198.51.100.20');
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json().code).toBe('ALLEGATION_LOCKED');
    // ...the reporter, from another address, is not
    const reporter = await chat(pin, '192.0.2.44');
    expect(reporter.statusCode).toBe(200);
    const { id } = await t.deps.db
      .selectFrom('allegations')
      .select('id')
      .where('code', '=', id_denuncia)
      .executeTakeFirstOrThrow();
    const actions = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', id).execute();
    expect(actions.filter((a) => a.action === 'allegation.pin.failed')).toHaveLength(4);
    expect(actions.filter((a) => a.action === 'allegation.pin.locked')).toHaveLength(1);
  });

  it('the reporter answers with a file; another company id finds nothing', async () => {
    const { id_denuncia, pin } = (await fileReport(t)).json();
    const m = multipart(
      {
        companyId: t.companies.cl,
        denunciaId: id_denuncia,
        pin,
        message: 'Agrego la factura 123.',
        captcha: await solved(t),
      },
      [{ name: 'factura.pdf', bytes: await smallPdf() }],
    );
    const r = await t.app.inject({ method: 'POST', url: '/api/chat-denuncias-public', ...m });
    expect(r.statusCode).toBe(200);
    const last = r.json().messages.at(-1);
    expect(last).toMatchObject({ author: 'reporter', body: 'Agrego la factura 123.' });
    expect(last.files[0]).toMatchObject({ name: 'factura.pdf', mime: 'application/pdf' });
    const file = await t.app.inject({
      method: 'POST',
      url: `/api/denuncia-public/files/${last.files[0].id}`,
      payload: { companyId: t.companies.cl, id_denuncia, pin, captcha: await solved(t) },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const otherCompany = await t.app.inject({
      method: 'POST',
      url: '/api/chat-denuncias-public/detail',
      payload: { companyId: t.companies.br, denunciaId: id_denuncia, pin, captcha: await solved(t) },
    });
    expect(otherCompany.statusCode).toBe(404);
  });
});
