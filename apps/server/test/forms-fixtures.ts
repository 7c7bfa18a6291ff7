import { deflateSync } from 'node:zlib';
import { cnpjCheckDigits } from '@regcheck/shared/documents/cnpj';
import { cpfCheckDigits } from '@regcheck/shared/documents/cpf';
import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { expect } from 'vitest';
import type { TestApp } from './harness';
import { fileUpload } from './multipart';

/** Shared pieces of the forms tests: operations with participants, the e-mailed link, images, the signing flow. */

let seq = 30_000_000 + (process.pid % 1000) * 7_000;
export const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};
export const cnpj = () => {
  const base = `${String(seq++).padStart(8, '0')}0001`;
  return `${base}${cnpjCheckDigits(base)}`;
};
export const cpf = () => {
  const base = String(seq++).padStart(9, '0').slice(-9);
  return `${base}${cpfCheckDigits(base)}`;
};
export const nextEmail = (tag = 'f') => `${tag}${seq++}@example.cl`;

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A w x h RGB PNG with a gradient, made here (a real image of a realistic size). */
export function pngOf(w: number, h: number, seed = 1) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = (x * 3 + seed) & 255;
      raw[o + 1] = (y * 5 + seed) & 255;
      raw[o + 2] = ((x ^ y) + seed) & 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function operation(t: TestApp, company: 'cl' | 'br' = 'cl', opts: { legal?: boolean } = {}) {
  const email = nextEmail('forms');
  const associates =
    company === 'cl' && !opts.legal
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
      : [
          {
            dni: company === 'br' ? cnpj() : rut(),
            type: 'legal',
            monto: 9_000,
            newFicha: { socialReason: 'Empresa Teste Ltda', email },
          },
        ];
  const res = await t.post({ as: 'admin', company }, '/api/consultations', {
    divisa: 'USD',
    transactionDate: '2025-03-14',
    associates,
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    o: res.json() as { id: string; codigoFormatted: string; associates: { dni: string; fichaId: string }[] },
    email,
  };
}

/** The link e-mailed to `email` (read from the outbox): the form id and the token. */
export async function linkOf(t: TestApp, email: string) {
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

/** `fileUpload` with the form field named first. */
export const multipart = (name: string, filename: string, bytes: Buffer, type: string, fields = {}) =>
  fileUpload(filename, bytes, type, { field: name, fields });

export const DOF_ANSWERS = (dni: string) => ({
  fullName: 'Ana Pérez',
  document: dni,
  nationality: 'Chilena',
  address: 'Av. 1',
  occupation: 'Ingeniera',
  amount: 5000,
  currency: 'USD',
  origin: 'salary',
  originDetail: 'Sueldo',
});

/** Sends the DOF of participant 0, then the visitor opens, identifies and fills it: answers the link. */
export async function sentAndFilled(t: TestApp, company: 'cl' | 'br' = 'cl') {
  const { o, email } = await operation(t, company);
  const sent = await t.get({ as: 'admin', company }, `/api/consultations/resendDOF/${o.id}/0`);
  expect(sent.statusCode, sent.body).toBe(200);
  const { formId, key } = await linkOf(t, email);
  const dni = o.associates[0]?.dni as string;
  expect((await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` })).statusCode).toBe(200);
  const id = await t.call({ method: 'POST', url: `/api/forms/public/${formId}/identify`, payload: { key, dni } });
  expect(id.statusCode, id.body).toBe(200);
  const filled = await t.call({
    method: 'POST',
    url: '/api/form-dof/public-filled',
    payload: { form: { id: formId, data: DOF_ANSWERS(dni) }, key },
  });
  expect(filled.statusCode, filled.body).toBe(200);
  return { o, email, formId, key, dni };
}

/** The three images of the signing steps uploaded (JPEG-less: small PNGs). */
export async function uploadImages(t: TestApp, formId: string, key: string, img: Buffer = PNG) {
  for (const kind of ['photo', 'idPhoto', 'signature'] as const) {
    const up = await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/image/${kind}?key=${key}`,
      ...multipart('file', `${kind}.png`, img, 'image/png'),
    });
    expect(up.statusCode, up.body).toBe(200);
  }
}

/**
 * The visitor's last steps on an identified link: the answers of `form` (its public path: form-dof, form-pep...),
 * the three images, the signature. Answers the signed reply (its `pdf` in base64).
 */
export async function fillAndSign(
  t: TestApp,
  form: string,
  formId: string,
  key: string,
  data: Record<string, unknown>,
) {
  const filled = await t.call({
    method: 'POST',
    url: `/api/${form}/public-filled`,
    payload: { form: { id: formId, data }, key },
  });
  expect(filled.statusCode, filled.body).toBe(200);
  // a company's form names the natural person who signs for it before the photos (issue 25 point 4)
  if (filled.json().needsSigner) {
    const br = typeof data.document === 'string' && data.document.replace(/\D/g, '').length === 14;
    const who = await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/signer`,
      payload: { key, name: 'Marta Rivas', document: br ? cpf() : rut(), capacity: 'legalRepresentative' },
    });
    expect(who.statusCode, who.body).toBe(200);
  }
  await uploadImages(t, formId, key);
  const signed = await t.call({
    method: 'POST',
    url: `/api/${form}/public-signed`,
    payload: { form: { id: formId }, key },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  return signed.json() as { pdf: string; status: string };
}

/** A form signed end to end: answers the signed PDF, the signing route's answer and the form's ids. */
export async function signedForm(t: TestApp) {
  const f = await sentAndFilled(t);
  await uploadImages(t, f.formId, f.key);
  const signed = await t.call({
    method: 'POST',
    url: '/api/form-dof/public-signed',
    payload: { form: { id: f.formId }, key: f.key },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const result = signed.json() as { pdf: string; sha256: string; contentSha256: string; signedAt: string };
  return { ...f, pdf: Buffer.from(result.pdf, 'base64'), result };
}

export { opensslPrint, opensslVerify } from './openssl';
