import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { fileUpload } from '../../../test/multipart';

const t = useTestApp();

const multipart = (name: string, bytes: Uint8Array, type = 'application/pdf') => fileUpload(name, bytes, type);

async function pdf() {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Decreto de nombramiento', { x: 10, y: 100, size: 10 });
  return doc.save();
}

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

async function person(dni = '15.555.555-6') {
  const res = await t.post('superAdmin', '/api/people', {
    country: 'CL',
    dni,
    name: 'Gabriela Inés Soto Paredes',
    pepLevel: 1,
    position: 'Ministra de Estado',
    institution: 'Ministerio del Interior',
    officeStart: '2024-03-11',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

describe('GET /api/people/{id} with the field filter', () => {
  it('answers only the fields asked for (and the id), drops the ones set false, refuses an unknown one', async () => {
    const p = await person();
    const some = await t.get(
      'superAdmin',
      `/api/people/${p.id}?filter=${q({ fields: { name: true, pepStatus: true } })}`,
    );
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ id: p.id, name: 'Gabriela Inés Soto Paredes', pepStatus: 'direct' });
    const list = await t.get('superAdmin', `/api/people/${p.id}?filter=${q({ fields: ['dni', 'isPep'] })}`);
    expect(list.json()).toEqual({ id: p.id, dni: '15.555.555-6', isPep: true });
    const without = (await t.get('superAdmin', `/api/people/${p.id}?filter=${q({ fields: { files: false } })}`)).json();
    expect(without).not.toHaveProperty('files');
    expect(without).toMatchObject({ name: 'Gabriela Inés Soto Paredes', position: 'Ministra de Estado' });
    const unknown = await t.get('superAdmin', `/api/people/${p.id}?filter=${q({ fields: { password: true } })}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'filter.fields.password' });
    expect((await t.get('admin', `/api/people/${p.id}`)).statusCode).toBe(403);
  });
});

describe('POST /api/people/{id}/upload-files and GET /api/people/download-files/{name}', () => {
  it('401, 403, a PDF checked by content, kept on the person, audited and downloaded; other names are 404', async () => {
    const p = await person('14.222.333-3');
    const body = multipart('decreto.pdf', await pdf());
    const url = `/api/people/${p.id}/upload-files`;
    expect((await t.call({ method: 'POST', url, ...body })).statusCode).toBe(401);
    expect((await t.call({ as: 'watcher', method: 'POST', url, ...body })).statusCode).toBe(403);
    expect((await t.call({ as: 'admin', method: 'POST', url, ...body })).statusCode).toBe(403);

    // a text file named .pdf and declared as a PDF is refused by its content
    const text = multipart('x.pdf', Buffer.from('hello'));
    const fake = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url,
      headers: { ...text.headers, 'accept-language': 'es' },
      payload: text.payload,
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'FILE_FORMAT', field: 'file' });
    expect(fake.json().message).toBe('Formato de archivo incorrecto: solo se aceptan documentos PDF.');
    const big = multipart('big.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(25 * 1024 * 1024)]));
    expect((await t.call({ as: 'superAdmin', method: 'POST', url, ...big })).statusCode).toBe(413);
    const missing = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/people/00000000-0000-4000-8000-000000000000/upload-files',
      ...body,
    });
    expect(missing.json()).toMatchObject({ code: 'PERSON_NOT_FOUND' });

    const up = await t.call({ as: 'superAdmin', method: 'POST', url, ...body });
    expect(up.statusCode, up.body).toBe(200);
    const files = up.json().files as { name: string; url: string; size: number }[];
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'decreto.pdf' });
    expect(files[0]?.url).toMatch(/^\/api\/people\/download-files\/[0-9a-f-]{36}\.pdf$/);

    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entityId', '=', p.id)
      .where('action', '=', 'person.file.uploaded')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.after).toMatchObject({ name: 'decreto.pdf' });

    const down = await t.get('superAdmin', files[0]?.url as string);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(down.headers['content-disposition']).toContain('decreto.pdf');
    expect((await t.call({ method: 'GET', url: files[0]?.url as string })).statusCode).toBe(401);
    expect((await t.get('admin', files[0]?.url as string)).statusCode).toBe(403);
    const other = await t.get('superAdmin', '/api/people/download-files/00000000-0000-4000-8000-000000000000.pdf');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('FILE_NOT_FOUND');
    expect((await t.get('superAdmin', '/api/people/download-files/..%2F..%2Fetc')).statusCode).toBe(404);
  });
});
