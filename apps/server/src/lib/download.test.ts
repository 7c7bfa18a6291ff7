import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, type Download, downloadName, MAX_DOWNLOAD_NAME, sendDownload } from './download';

// What a browser reads (RFC 6266 with RFC 5987's ext-value): the disposition, a quoted ASCII fallback whose
// characters are printable ASCII but for the quote and the backslash, and filename* whose value is attr-chars and
// %XX escapes only. Anything else (a raw quote, a CR/LF, a raw accent, an unescaped ' or parenthesis) is a
// header a browser may cut, misread or refuse.
const WELL_FORMED =
  /^(attachment|inline); filename="[\x20\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/;

/** The name a browser takes from the header: filename*'s UTF-8 value, decoded (RFC 5987). */
const starName = (header: string) => decodeURIComponent(/; filename\*=UTF-8''([^;]+)$/.exec(header)?.[1] ?? '');

describe('contentDisposition: the exact header', () => {
  const cases: [string, string][] = [
    [
      'Declaração ñandú.pdf',
      `attachment; filename="Declaracao nandu.pdf"; filename*=UTF-8''Declara%C3%A7%C3%A3o%20%C3%B1and%C3%BA.pdf`,
    ],
    ['Informe "final".pdf', `attachment; filename="Informe _final_.pdf"; filename*=UTF-8''Informe%20%22final%22.pdf`],
    ['C:\\temp\\a.pdf', `attachment; filename="C:_temp_a.pdf"; filename*=UTF-8''C%3A%5Ctemp%5Ca.pdf`],
    // a CR/LF would end the header and start another (header injection): it becomes '_' in both forms
    [
      'a.pdf\r\nSet-Cookie: x=1',
      `attachment; filename="a.pdf__Set-Cookie: x=1"; filename*=UTF-8''a.pdf__Set-Cookie%3A%20x%3D1`,
    ],
    ['Reporte 📄.pdf', `attachment; filename="Reporte _.pdf"; filename*=UTF-8''Reporte%20%F0%9F%93%84.pdf`],
    // ' ( ) * are not attr-chars (encodeURIComponent leaves them as they are)
    [
      "O'Brien (copia)*.pdf",
      `attachment; filename="O'Brien (copia)*.pdf"; filename*=UTF-8''O%27Brien%20%28copia%29%2A.pdf`,
    ],
    // some browsers decode %xx in the plain filename (RFC 6266 appendix D)
    ['100% listo.pdf', `attachment; filename="100_ listo.pdf"; filename*=UTF-8''100%25%20listo.pdf`],
    // a right-to-left override would show 'Factura‮fdp.exe' as 'Facturaexe.pdf'
    ['Factura\u202efdp.exe', `attachment; filename="Factura_fdp.exe"; filename*=UTF-8''Factura_fdp.exe`],
    ['', `attachment; filename="download"; filename*=UTF-8''download`],
    ['  \t ', `attachment; filename="download"; filename*=UTF-8''download`],
    ['template-dof.xlsx', `attachment; filename="template-dof.xlsx"; filename*=UTF-8''template-dof.xlsx`],
  ];
  it.each(cases)('%j', (name, header) => {
    expect(contentDisposition(name)).toBe(header);
    expect(contentDisposition(name)).toMatch(WELL_FORMED);
  });

  it('inline when the route shows the file in the browser', () => {
    expect(contentDisposition('regcheck-example.pdf', 'inline')).toBe(
      `inline; filename="regcheck-example.pdf"; filename*=UTF-8''regcheck-example.pdf`,
    );
  });

  it('a very long name is cut to MAX_DOWNLOAD_NAME characters with its extension, even in the middle of emoji', () => {
    const long = `${'a'.repeat(500)}.pdf`;
    expect(downloadName(long)).toBe(`${'a'.repeat(MAX_DOWNLOAD_NAME - 4)}.pdf`);
    expect(contentDisposition(long)).toMatch(WELL_FORMED);
    const emoji = `${'📄'.repeat(300)}.xlsx`;
    const cut = downloadName(emoji);
    expect([...cut]).toHaveLength(MAX_DOWNLOAD_NAME);
    expect(cut.endsWith('📄.xlsx')).toBe(true);
    expect(contentDisposition(emoji)).toMatch(WELL_FORMED);
    // half an emoji (a name cut elsewhere) must not make encodeURIComponent throw: the route would answer 500
    expect(contentDisposition('informe\ud83d.pdf')).toBe(
      `attachment; filename="informe_.pdf"; filename*=UTF-8''informe%EF%BF%BD.pdf`,
    );
  });

  it('filename* decodes back to the name, and the fallback is what an old client reads', () => {
    for (const name of ['Declaração ñandú.pdf', 'Informe "final".pdf', "O'Brien (copia).pdf", 'Reporte 📄.pdf']) {
      const header = contentDisposition(name);
      expect(starName(header)).toBe(name);
      // a client that knows only filename="..." reads the ASCII fallback, never a broken header
      expect(/^attachment; filename="([^"\\]+)"; /.exec(header)?.[1]).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('the headers the routes used to write are not well formed', () => {
    const old = [
      `attachment; filename="${'Informe "final".pdf'}"`,
      `attachment; filename*=UTF-8''${encodeURIComponent("O'Brien.pdf")}`,
      `attachment; filename="${encodeURIComponent('Declaração.xlsx')}"`,
    ];
    for (const h of old) expect(h).not.toMatch(WELL_FORMED);
  });
});

describe('sendDownload', () => {
  const app = Fastify();
  let next: Download;
  app.get('/file', (_req, reply) => sendDownload(reply, next));
  beforeAll(() => app.ready());
  afterAll(() => app.close());
  const get = async (d: Download) => {
    next = d;
    return app.inject({ method: 'GET', url: '/file' });
  };

  it('bytes: type, length, no-store, nosniff and the disposition', async () => {
    const body = Buffer.from('%PDF-1.7 ...');
    const res = await get({ type: 'application/pdf', name: 'Declaração ñandú.pdf', body });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(contentDisposition('Declaração ñandú.pdf'));
    expect(res.rawPayload.equals(body)).toBe(true);
  });

  it('a Uint8Array, and text measured in bytes (ñ is two)', async () => {
    const u8 = await get({ type: 'image/png', body: new Uint8Array([137, 80, 78, 71]) });
    expect(u8.headers['content-length']).toBe('4');
    expect([...u8.rawPayload]).toEqual([137, 80, 78, 71]);
    // no name: an image shown in a page, no Content-Disposition
    expect(u8.headers['content-disposition']).toBeUndefined();
    const text = await get({ type: 'text/plain; charset=utf-8', name: 'roe.txt', body: 'año\r\n' });
    expect(text.headers['content-length']).toBe('6');
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('año\r\n');
  });

  it('a stream: its length when known, none (chunked) when not', async () => {
    const zip = Buffer.from('PK\x03\x04 zip');
    const known = await get({
      type: 'application/zip',
      name: 'expediente.zip',
      body: Readable.from([zip]),
      size: zip.length,
    });
    expect(known.headers['content-length']).toBe(String(zip.length));
    expect(known.rawPayload.equals(zip)).toBe(true);
    const unknown = await get({
      type: 'application/zip',
      name: 'fichas.xlsx',
      disposition: 'attachment',
      body: Readable.from([zip]),
    });
    expect(unknown.headers['content-length']).toBeUndefined();
    expect(unknown.headers['transfer-encoding']).toBe('chunked');
    expect(unknown.headers['content-disposition']).toMatch(/^attachment; /);
  });
});
