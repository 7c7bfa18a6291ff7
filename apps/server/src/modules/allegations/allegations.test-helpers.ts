import { PDFDocument } from 'pdf-lib';
import type { TestApp } from '../../../test/harness';
import { solveChallenge } from '../auth';

/** A solved proof-of-work token, as the browser gets one. */
export async function solved(t: TestApp) {
  const c = (await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json();
  return solveChallenge(c.challenge, c.difficulty);
}

/**
 * A solved challenge of the channel's own route, as hard as the next call on the report id needs (harder after
 * repeated wrong pins), as the follow-up page gets one.
 */
export async function channelChallenge(t: TestApp, id_denuncia?: string, companyId = t.companies.cl) {
  const q = id_denuncia ? `?companyId=${companyId}&id_denuncia=${encodeURIComponent(id_denuncia)}` : '';
  const c = (await t.app.inject({ method: 'GET', url: `/api/denuncia-public/challenge${q}` })).json();
  return solveChallenge(c.challenge, c.difficulty);
}

export async function smallPdf() {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with a `data` JSON field and `files` parts. */
export function multipart(data: unknown, files: { name: string; bytes: Buffer }[] = []) {
  const boundary = '----rcallegation';
  const chunks: Buffer[] = [];
  if (data !== undefined)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${typeof data === 'string' ? data : JSON.stringify(data)}\r\n`,
      ),
    );
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}

/** Files a report through the public call and answers its id and pin. */
export async function fileReport(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  files: { name: string; bytes: Buffer }[] = [],
  headers: Record<string, string> = {},
) {
  const body = {
    companyId: t.companies.cl,
    captcha: await solved(t),
    category: 'fraud',
    description: 'Facturas falsas emitidas a un proveedor relacionado con el gerente de compras.',
    occurredWhen: 'Marzo 2026',
    occurredWhere: 'Oficina de Santiago',
    involved: 'Gerente de compras',
    anonymous: true,
    relationship: 'employee',
    ...overrides,
  };
  const m = multipart(body, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/denuncia-public',
    headers: { ...m.headers, ...headers },
    payload: m.payload,
  });
}
