import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { fileUpload } from '../../../test/multipart';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const multipart = (name: string, bytes: Uint8Array, type = 'application/pdf') => fileUpload(name, bytes, type);

async function pdf() {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return doc.save();
}

describe('company manuals', () => {
  it('401, 403 for a role that may not upload, bad files refused with the spec messages', async () => {
    const body = multipart('manual.pdf', await pdf());
    expect((await t.call({ method: 'POST', url: '/api/companies-manuals', ...body })).statusCode).toBe(401);
    expect((await t.call({ as: 'frontdesk', method: 'POST', url: '/api/companies-manuals', ...body })).statusCode).toBe(
      403,
    );
    const fake = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/companies-manuals',
      ...multipart('manual.pdf', Buffer.from('not a pdf at all')),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'FILE_FORMAT', message: 'Formato de archivo incorrecto', field: 'file' });
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(25 * 1024 * 1024 + 10, 32)]);
    const tooBig = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/companies-manuals',
      ...multipart('big.pdf', big),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Archivo demasiado grande, el tamaño máximo es 25MB');
  });

  it('upload, every role reads and downloads it, rename, deactivate (then hidden); another company gets 404', async () => {
    const bytes = await pdf();
    const up = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/companies-manuals?name=Manual%20de%20prevenci%C3%B3n',
      ...multipart('prevencion.pdf', bytes),
    });
    expect(up.statusCode, up.body).toBe(200);
    const m = up.json();
    expect(m).toMatchObject({ name: 'Manual de prevención', active: true, mimetype: 'application/pdf' });
    const listed = (await t.get('frontdesk', '/api/companies-manuals')).json();
    expect(listed.map((x: { id: string }) => x.id)).toContain(m.id);
    const file = await t.get('frontdesk', m.url);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.from(bytes))).toBe(0);
    expect((await t.get({ as: 'admin', company: 'br' }, m.url)).statusCode).toBe(404);
    expect(
      (await t.patch({ as: 'admin', company: 'br' }, `/api/companies-manuals/${m.id}`, { active: false })).statusCode,
    ).toBe(404);
    const renamed = await t.patch('admin', `/api/companies-manuals/${m.id}`, { name: 'Manual PLAFT 2026' });
    expect(renamed.json().name).toBe('Manual PLAFT 2026');
    await t.patch('admin', `/api/companies-manuals/${m.id}`, { active: false });
    const after = (await t.get('frontdesk', '/api/companies-manuals')).json();
    expect(after.map((x: { id: string }) => x.id)).not.toContain(m.id);
    expect((await t.get('frontdesk', m.url)).statusCode).toBe(404);
    const inactive = await t.get(
      'admin',
      `/api/companies-manuals?filter=${encodeURIComponent('{"where":{"active":false}}')}`,
    );
    expect(inactive.json().find((x: { id: string }) => x.id === m.id)).toMatchObject({ active: false });
    expect((await t.patch('admin', `/api/companies-manuals/${m.id}`, {})).statusCode).toBe(400);
  });

  it('the super administrator and the watcher (no company) read every company manual with its company and download it', async () => {
    const bytes = await pdf();
    const up = await t.call({
      as: 'admin',
      company: 'br',
      method: 'POST',
      url: '/api/companies-manuals?name=Manual%20PLD%20Brasil',
      ...multipart('pld.pdf', bytes),
    });
    expect(up.statusCode, up.body).toBe(200);
    const m = up.json();
    for (const who of ['superAdmin', 'watcher'] as const) {
      const res = await t.get(who, '/api/companies-manuals');
      expect(res.statusCode, `${who} ${res.body}`).toBe(200);
      expect(res.json().find((x: { id: string }) => x.id === m.id)).toMatchObject({
        name: 'Manual PLD Brasil',
        companyName: 'Demo Brasil Ltda',
      });
      const file = await t.get(who, m.url);
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, Buffer.from(bytes))).toBe(0);
    }
    // a deactivated manual is neither listed nor downloaded
    await t.patch({ as: 'admin', company: 'br' }, `/api/companies-manuals/${m.id}`, { active: false });
    const after = (await t.get('superAdmin', '/api/companies-manuals')).json();
    expect(after.map((x: { id: string }) => x.id)).not.toContain(m.id);
    expect((await t.get('watcher', m.url)).statusCode).toBe(404);
    // a company user still reads only the company's own
    const own = (await t.get('frontdesk', '/api/companies-manuals')).json();
    expect(own.every((x: { companyName?: string }) => x.companyName === undefined)).toBe(true);
  });
});
