import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { formPdfText } from '../../../test/form-pdf-text';
import { cnpj, multipart, signedForm } from '../../../test/forms-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decodeQuotedPrintable, startSmtp } from '../../../test/smtp';
import { verifyPdfSignature } from '../forms/forms.service';

let t: TestApp;

/** POST /public/verify of one file (a PDF or a zip, told by its name), by a visitor reading `lang` when given */
function verifyCall(bytes: Buffer, name: string, lang?: string) {
  const m = multipart('file', name, bytes, name.endsWith('.zip') ? 'application/zip' : 'application/pdf');
  return t.call({
    method: 'POST',
    url: '/api/public/verify',
    ...m,
    headers: lang ? { ...m.headers, 'accept-language': lang } : m.headers,
  });
}
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type FileView = { id: string; status: string; progress: number; downloadUrl: string | null; error: string | null };

async function built(fichaId: string, as: 'admin' | 'auditor' = 'admin') {
  const start = await t.post(as, `/api/fichas-clientes/${fichaId}/inspection-file`);
  expect(start.statusCode, start.body).toBe(200);
  const queued = start.json() as FileView;
  expect(queued.status).toBe('queued');
  await t.deps.queue.drain();
  const done = await t.get(as, `/api/inspection/files/${queued.id}`);
  expect(done.statusCode, done.body).toBe(200);
  const view = done.json() as FileView;
  expect(view.error).toBeNull();
  expect(view).toMatchObject({ status: 'ready', progress: 100 });
  const zip = await t.get(as, view.downloadUrl ?? '');
  expect(zip.statusCode, zip.body).toBe(200);
  expect(zip.headers['content-type']).toContain('application/zip');
  return { view, zip: zip.rawPayload };
}

describe("the inspector's customer file (issue 28)", () => {
  let fichaId = '';
  let zip: Buffer;
  let parts: Record<string, Uint8Array>;
  let pdfName = '';

  beforeAll(async () => {
    // a customer with an operation and a signed declaration, a changed e-mail and a risk set by hand
    const f = await signedForm(t);
    fichaId = f.o.associates[0]?.fichaId as string;
    const patched = await t.patch('admin', `/api/fichas-clientes/${fichaId}`, { email: 'nuevo.correo@example.cl' });
    expect(patched.statusCode, patched.body).toBe(200);
    const risk = await t.patch('admin', `/api/fichas-clientes/${fichaId}/risk`, {
      overwrittenRisk: 'high',
      reason: 'Cliente con giro de casa de cambio',
    });
    expect(risk.statusCode, risk.body).toBe(200);
    ({ zip } = await built(fichaId));
    parts = unzipSync(new Uint8Array(zip));
    pdfName = Object.keys(parts).find((p) => p.endsWith('.pdf') && !p.includes('/')) ?? '';
  });

  it('is one zip: the signed PDF, the JSON, the declaration and a manifest with the SHA-256 of every part', async () => {
    const manifest = JSON.parse(Buffer.from(parts['manifest.json'] as Uint8Array).toString('utf8'));
    expect(manifest.kind).toBe('customer');
    const listed = manifest.parts.map((p: { path: string }) => p.path).sort();
    expect(listed).toEqual(
      Object.keys(parts)
        .filter((p) => p !== 'manifest.json')
        .sort(),
    );
    expect(listed.some((p: string) => p.startsWith('declarations/'))).toBe(true);
    for (const p of manifest.parts as { path: string; sha256: string }[]) {
      expect(
        createHash('sha256')
          .update(parts[p.path] as Uint8Array)
          .digest('hex'),
        p.path,
      ).toBe(p.sha256);
    }
    const pdf = Buffer.from(parts[pdfName] as Uint8Array);
    const sig = verifyPdfSignature(pdf);
    expect(sig?.subFilter).toBe('ETSI.CAdES.detached');
    // the declaration's signed PDF is embedded in the file's PDF, byte for byte the declarations/ part
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const names = doc.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict);
    const list = names.lookup(PDFName.of('Names'), PDFArray);
    const spec = list.lookup(1, PDFDict);
    const ef = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    expect(ef).toBeInstanceOf(PDFRawStream);
    const embedded = decodePDFRawStream(ef as PDFRawStream).decode();
    const declaration = listed.find((p: string) => p.startsWith('declarations/'));
    expect(createHash('sha256').update(embedded).digest('hex')).toBe(
      createHash('sha256')
        .update(parts[declaration] as Uint8Array)
        .digest('hex'),
    );
  });

  it('reads from start to end in the company language, each section said even when it has no data', async () => {
    const text = await formPdfText(parts[pdfName] as Uint8Array);
    for (const heading of [
      'Identidad y documentos',
      'Riesgo actual y sus cambios',
      'Consultas en listas',
      'Descartes de coincidencias',
      'PEP y beneficiarios finales',
      'Debida diligencia reforzada y revisiones periódicas',
      'Declaraciones',
      'Operaciones y reportes (ROE / COAF)',
      'Historial de la ficha',
    ])
      expect(text).toContain(heading);
    // the history in the screen's words, with who did it
    expect(text).toContain('nuevo.correo@example.cl');
    expect(text).toContain('Cliente con giro de casa de cambio');
    // the declaration with its verification, and the operation
    expect(text).toContain('Firma verificada');
    expect(text).toContain('Declaración de origen de fondos');
    expect(text).toMatch(/Operación \d+/);
    // sections without data say so
    expect(text).toContain('No hay descartes de coincidencias registrados.');
    expect(text).toContain('No hay revisiones periódicas registradas.');
    // never a catalogue key or a raw code
    expect(text).not.toMatch(/reports:|fichas:|inspection\./);
    const json = JSON.parse(Buffer.from(parts[pdfName.replace(/\.pdf$/, '.json')] as Uint8Array).toString('utf8'));
    expect(Object.keys(json.sections)).toEqual([
      'identity',
      'risk',
      'screenings',
      'dismissals',
      'pepAndOwners',
      'eddAndReviews',
      'declarations',
      'operations',
      'auditTrail',
    ]);
    expect(json.sections.declarations[0]).toMatchObject({ type: 'formDOF', status: 'signed', signatureValid: true });
  });

  it('/public/verify recognises the PDF, checks the zip against its manifest, and sees a changed part', async () => {
    const pdf = Buffer.from(parts[pdfName] as Uint8Array);
    const v = await verifyCall(pdf, 'x.pdf');
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({ valid: true, form: null, inspection: { kind: 'customer', pdfSigned: true } });

    const z = await verifyCall(zip, 'x.zip');
    expect(z.statusCode, z.body).toBe(200);
    const ok = z.json();
    expect(ok).toMatchObject({ valid: true, inspection: { manifestKnown: true, pdfSigned: true } });
    expect(ok.inspection.parts.every((p: { status: string }) => p.status === 'unchanged')).toBe(true);

    // one byte of the JSON changed: the zip is no longer valid and the part is named
    const jsonName = pdfName.replace(/\.pdf$/, '.json');
    const altered = {
      ...parts,
      [jsonName]: Buffer.from(
        Buffer.from(parts[jsonName] as Uint8Array)
          .toString('utf8')
          .replace('"customer"', '"cliente"'),
      ),
    };
    const bad = Buffer.from(zipSync(altered));
    const b = await verifyCall(bad, 'x.zip');
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().valid).toBe(false);
    expect(b.json().inspection.parts).toContainEqual({ path: jsonName, status: 'changed' });
  });

  it('/public/verify checks a zip over 25 MB part by part (through a temporary file) and still refuses a PDF over 25 MB', async () => {
    // the customer's file with a 30 MB part added that its manifest does not list (random bytes, stored as they are)
    const big = new Uint8Array(30 * 1024 * 1024);
    for (let at = 0; at < big.length; at += 65_536) big.set(randomBytes(65_536), at);
    const grown = Buffer.from(zipSync({ ...parts, 'documentos/extra.bin': [big, { level: 0 }] }));
    expect(grown.length).toBeGreaterThan(30 * 1024 * 1024);
    const z = await verifyCall(grown, 'x.zip');
    expect(z.statusCode, z.body).toBe(200);
    const got = z.json();
    // every listed part read and unchanged, the signed PDF recognised; the unlisted part named, so the file is not valid
    expect(got).toMatchObject({ valid: false, inspection: { manifestKnown: true, pdfSigned: true } });
    expect(got.sha256).toBe(createHash('sha256').update(grown).digest('hex'));
    expect(got.inspection.parts).toContainEqual({ path: 'documentos/extra.bin', status: 'extra' });
    expect(got.inspection.parts.filter((p: { status: string }) => p.status !== 'extra').length).toBeGreaterThan(2);
    expect(
      got.inspection.parts.every((p: { path: string; status: string }) =>
        p.path === 'documentos/extra.bin' ? p.status === 'extra' : p.status === 'unchanged',
      ),
    ).toBe(true);
    // the temporary file is gone once answered
    expect(readdirSync(t.deps.config.tmpDir).filter((f) => f.startsWith('verify-'))).toEqual([]);

    // a PDF over 25 MB: the spec's message, nothing read
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(26 * 1024 * 1024, 0x20)]);
    const p = await verifyCall(pdf, 'x.pdf', 'es');
    expect(p.statusCode).toBe(413);
    expect(p.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Archivo demasiado grande, el tamaño máximo es 25MB',
    });
  });

  it('/public/verify refuses a zip over its own limit with the limit in words, and keeps no temporary file', async () => {
    const config = t.deps.config as { verifyZipMaxBytes: number };
    const before = config.verifyZipMaxBytes;
    config.verifyZipMaxBytes = Math.floor(zip.length / 2);
    try {
      // the public page reads the same limit (GET /settings/public), so the browser refuses what the server refuses
      const settings = await t.call({ method: 'GET', url: '/api/settings/public' });
      expect(settings.statusCode, settings.body).toBe(200);
      expect(settings.json().verifyZipMaxBytes).toBe(Math.floor(zip.length / 2));
      const z = await verifyCall(zip, 'x.zip', 'en');
      expect(z.statusCode).toBe(413);
      expect(z.json().message).toBe(`File too large: the maximum size is ${Math.round(zip.length / 2 / 1024)} KB`);
    } finally {
      config.verifyZipMaxBytes = before;
    }
    expect(readdirSync(t.deps.config.tmpDir).filter((f) => f.startsWith('verify-'))).toEqual([]);
  });

  it('tells the company it is ready (a notification without the customer), in the reader’s language', async () => {
    const rows = await t.deps.db
      .selectFrom('notifications')
      .select(['title', 'description', 'data'])
      .where('kind', '=', 'inspection.ready')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.title).toBe('El expediente para el inspector está listo');
    expect(rows[0]?.description).not.toContain('Ana');
  });

  it('a Brazilian company’s file is in Portuguese', async () => {
    const created = await postFicha(
      t,
      {
        personType: 'legal',
        dni: cnpj(),
        socialReason: 'Comércio Exemplo Ltda',
      },
      { as: 'admin', company: 'br' },
    );
    const start = await t.post(
      { as: 'auditor', company: 'br' },
      `/api/fichas-clientes/${created.json().id}/inspection-file`,
    );
    expect(start.statusCode, start.body).toBe(200);
    await t.deps.queue.drain();
    const view = (
      await t.get({ as: 'auditor', company: 'br' }, `/api/inspection/files/${start.json().id}`)
    ).json() as FileView;
    expect(view.status).toBe('ready');
    const zip = await t.get({ as: 'auditor', company: 'br' }, view.downloadUrl ?? '');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const pdf = Object.keys(files).find((p) => p.endsWith('.pdf')) ?? '';
    const text = await formPdfText(files[pdf] as Uint8Array);
    expect(text).toContain('Dossiê de diligência: Comércio Exemplo Ltda');
    expect(text).toContain('Identidade e documentos');
    expect(text).toContain('Beneficiários finais e sócios');
    expect(text).toContain('A ficha não tem declarações.');

    // the auditor has no notifications (the spec's role table): the e-mail tells them, in Portuguese, with the link
    const auditor = await t.deps.db
      .selectFrom('users')
      .select(['email'])
      .where('role', '=', 'auditor')
      .where('companyId', '=', t.companies.br)
      .executeTakeFirstOrThrow();
    const mail = await t.deps.db
      .selectFrom('outbox')
      .select(['subject', 'textBody', 'status'])
      .where('kind', '=', 'inspection.ready')
      .where('toAddress', '=', auditor.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'O dossiê do cliente para o fiscal está pronto', status: 'sent' });
    expect(mail[0]?.textBody).toContain(`/home/fichas/${created.json().id}`);
    expect(mail[0]?.textBody).not.toContain('Comércio Exemplo');
    const delivered = smtp.mails.filter((m) => m.to.includes(auditor.email));
    expect(delivered).toHaveLength(1);
    expect(decodeQuotedPrintable(delivered[0]?.raw ?? '')).toContain(`/home/fichas/${created.json().id}`);
  });

  it('an administrator, who reads the notifications, gets no e-mail for the file', async () => {
    const mails = await t.deps.db
      .selectFrom('outbox')
      .innerJoin('users', 'users.email', 'outbox.toAddress')
      .select(['users.role'])
      .where('outbox.kind', '=', 'inspection.ready')
      .execute();
    expect(mails.map((m) => m.role)).toEqual(['auditor']);
  });

  it('every download is audited: who, when, which', async () => {
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entityId', 'userId', 'after', 'createdAt'])
      .where('action', 'in', ['inspection.file.requested', 'inspection.file.downloaded'])
      .where('entityId', '=', fichaId)
      .execute();
    expect(rows.map((r) => r.action).sort()).toEqual(['inspection.file.downloaded', 'inspection.file.requested']);
    const dl = rows.find((r) => r.action === 'inspection.file.downloaded');
    expect(dl?.userId).toBeTruthy();
    expect(JSON.stringify(dl?.after)).toContain('fileId');
  });

  it('roles: 401 without a session, 403 for the allegations roles, the auditor may; 404 for another company', async () => {
    expect((await t.call({ method: 'POST', url: `/api/fichas-clientes/${fichaId}/inspection-file` })).statusCode).toBe(
      401,
    );
    const denied = await t.post('denouncesAdmin', `/api/fichas-clientes/${fichaId}/inspection-file`);
    expect(denied.statusCode).toBe(403);
    const other = await t.post({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${fichaId}/inspection-file`);
    expect(other.statusCode).toBe(404);
    const list = await t.get('auditor', `/api/fichas-clientes/${fichaId}/inspection-files`);
    expect(list.statusCode, list.body).toBe(200);
    const id = (list.json() as FileView[])[0]?.id;
    const foreign = await t.get({ as: 'admin', company: 'br' }, `/api/inspection/files/${id}/download`);
    expect(foreign.statusCode).toBe(404);
    const asPack = await t.get('admin', `/api/inspection/packs/${id}/download`);
    expect(asPack.statusCode).toBe(404);
  });
});
