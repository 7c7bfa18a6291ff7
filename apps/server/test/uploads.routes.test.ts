import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileReport } from '../src/modules/allegations/allegations.test-helpers';
import { createTestApp, type TestApp } from './harness';
import { pdfWithEmbeddedFile, pdfWithLaunch, pdfWithOpenActionJs, zipBombXlsx } from './upload-samples';

/* The one upload check on the routes (issue 22): 0 bytes, PDF active content and zip bombs refused alike. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function multipart(filename: string, bytes: Buffer) {
  const boundary = `----up${Math.random().toString(16).slice(2)}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const manual = (bytes: Buffer) => {
  const m = multipart('manual.pdf', bytes);
  return t.call({
    as: 'admin',
    method: 'POST',
    url: '/api/companies-manuals',
    payload: m.payload,
    headers: m.headers,
  });
};
const audited = (action: string) =>
  t.deps.db
    .selectFrom('auditLog')
    .select('id')
    .where('action', '=', action as never)
    .execute();
const reportFile = (name: string, bytes: Buffer) =>
  t.call({ as: 'admin', method: 'POST', url: '/api/files/archivo/reportes/roe-uaf', ...multipart(name, bytes) });

describe('uploads: one check on every route', () => {
  it('refuses a PDF with JavaScript, a launch action or an embedded file on every PDF route, in words', async () => {
    const samples = {
      openActionJs: await pdfWithOpenActionJs(),
      launch: await pdfWithLaunch(),
      embeddedFile: await pdfWithEmbeddedFile(),
    };
    for (const [what, bytes] of Object.entries(samples)) {
      const m = await manual(bytes);
      expect(m.statusCode, what).toBe(400);
      expect(m.json(), what).toMatchObject({ code: 'FILE_ACTIVE_CONTENT', field: 'file' });
      expect(m.json().message).toContain('JavaScript');

      const r = await reportFile('roe.pdf', bytes);
      expect(r.statusCode, what).toBe(400);
      expect(r.json(), what).toMatchObject({ code: 'FILE_ACTIVE_CONTENT', field: 'file' });

      const a = await fileReport(t, {}, [{ name: 'evidence.pdf', bytes }]);
      expect(a.statusCode, what).toBe(400);
      expect(a.json(), what).toMatchObject({ code: 'FILE_ACTIVE_CONTENT', field: 'files' });
    }
    // nothing was stored
    expect(await audited('manual.uploaded')).toHaveLength(0);
    expect(await audited('report.document.uploaded')).toHaveLength(0);
    // the message in the visitor's language on the public channel
    for (const [lang, words] of [
      ['en', 'active content'],
      ['pt-BR', 'conteúdo ativo'],
      ['es', 'contenido activo'],
    ]) {
      const res = await fileReport(t, {}, [{ name: 'evidence.pdf', bytes: samples.launch }], {
        'accept-language': lang as string,
      });
      expect(res.json().message, lang).toContain(words);
    }
  });

  it('refuses a file of 0 bytes with FILE_REQUIRED, on the allegations channel as everywhere', async () => {
    const a = await fileReport(t, {}, [{ name: 'empty.pdf', bytes: Buffer.alloc(0) }]);
    expect(a.statusCode).toBe(400);
    expect(a.json()).toMatchObject({ code: 'FILE_REQUIRED', field: 'files' });
    const m = await manual(Buffer.alloc(0));
    expect(m.json()).toMatchObject({ code: 'FILE_REQUIRED', field: 'file' });
    const r = await reportFile('empty.xlsx', Buffer.alloc(0));
    expect(r.json()).toMatchObject({ code: 'FILE_REQUIRED', field: 'file' });
  });

  it('refuses a zip bomb dressed as an xlsx on /files/archivo/reportes as the bulk upload does', async () => {
    const honest = await reportFile('bomb.xlsx', zipBombXlsx());
    expect(honest.statusCode).toBe(400);
    expect(honest.json()).toMatchObject({ code: 'FILE_ZIP_BOMB', field: 'file' });
    const liar = await reportFile('liar.xlsx', zipBombXlsx(50 * 1024 * 1024, 4000));
    expect(liar.statusCode).toBe(400);
    expect(liar.json()).toMatchObject({ code: 'FILE_ZIP_BOMB', field: 'file' });
    expect(await audited('report.document.uploaded')).toHaveLength(0);
  });
});
