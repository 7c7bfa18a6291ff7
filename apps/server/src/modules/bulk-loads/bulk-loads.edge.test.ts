import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { TenantCaller } from '../../plugins/context';
import { type LocalScreening, useLocalScreening, useRealScreening } from '../fichas/screening.adapter';
import { MAX_ROWS } from './bulk-loads.job';
import { headerRow, rutOf, sheetBuffer } from './bulk-loads.samples';
import { uploadUrl } from './bulk-loads.service';

/*
 * Bulk loads beyond the happy path (issue 11): the signed upload URL refused when expired, tampered or another
 * company's; the spec's second start path and the 'record' load type; the 22-character dni; a file over the row
 * limit; and the list matches of updated, restored and representative fichas becoming notifications.
 */
let t: TestApp;
let lists: LocalScreening;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  lists = useLocalScreening();
  await lists.replaceList('ofac', 'OFAC SDN', [
    { id: 'sdn-77', listId: 'ofac', schema: 'Person', names: ['Malvado Sancionado Perez'], countries: ['CL'] },
    { id: 'sdn-78', listId: 'ofac', schema: 'Person', names: ['Torcuato Embargado Lillo'], countries: ['CL'] },
  ]);
  const br = await t.patch('superAdmin', `/api/companies/${t.companies.br}`, { massiveBulks: true });
  expect(br.statusCode, br.body).toBe(200);
});
afterAll(async () => {
  useRealScreening();
  await t?.close();
});

type Company = 'cl' | 'br';

const put = (url: string, bytes: Buffer, company: Company = 'cl') =>
  t.call({
    as: 'admin',
    company,
    method: 'PUT',
    url,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });

async function uploaded(bytes: Buffer, company: Company = 'cl') {
  const u = (await t.post({ as: 'admin', company }, '/api/carga-masiva/upload-url')).json();
  const r = await put(u.url, bytes, company);
  expect(r.statusCode, r.body).toBe(200);
  return u.urlFile as string;
}

async function load(bytes: Buffer, loadType: string, opts: { path?: string; company?: Company } = {}) {
  const company = opts.company ?? 'cl';
  const urlFile = await uploaded(bytes, company);
  const res = await t.post({ as: 'admin', company }, opts.path ?? '/api/carga-masiva', {
    customName: 'Carga',
    loadType,
    urlFile,
    country: company === 'cl' ? 'CL' : 'BR',
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.deps.queue.drain();
  return (await t.get({ as: 'admin', company }, `/api/carga-masiva/${res.json().id}`)).json();
}

const fichaByDni = async (dni: string) =>
  (
    await t.get('admin', `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where: { dni } }))}`)
  ).json()[0];

const errorsOf = async (id: string) =>
  (await t.get('admin', `/api/carga-masiva/errors/${id}`)).json().errors as {
    row: number;
    column: string;
    value: string;
    message: string;
    loaded: boolean;
  }[];

const listasTotal = async (id: string) =>
  (await t.deps.db.selectFrom('fichas').select('listasTotal').where('id', '=', id).executeTakeFirstOrThrow())
    .listasTotal;

const matchNotes = async (fichaId: string) =>
  t.deps.db
    .selectFrom('notifications')
    .select(['title', 'description', 'data'])
    .where('fichaId', '=', fichaId)
    .where('kind', '=', 'monitoring.match')
    .execute();

describe('the signed upload URL', () => {
  const tiny = async () => sheetBuffer([headerRow('fichas', 'es', ['personType', 'dni', 'name'])]);

  it('refuses an expired URL, a tampered one and one signed for another company; the file is not stored', async () => {
    const bytes = await tiny();
    // a URL handed out 16 minutes ago (they last 15)
    const caller = { companyId: t.companies.cl } as TenantCaller;
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now - 16 * 60_000);
    const old = uploadUrl(t.deps, caller);
    clock.mockRestore();
    const expired = await put(old.url, bytes);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'BULK_UPLOAD_URL_INVALID' });
    expect(expired.json().message).toBe('El enlace de subida no es válido o expiró');
    // the same URL made a minute ago works
    const fresh = uploadUrl(t.deps, caller);
    expect((await put(fresh.url, bytes)).statusCode).toBe(200);

    // tampered: another file key in the payload with the old signature, or a changed signature
    const good = (await t.post('admin', '/api/carga-masiva/upload-url')).json();
    const token = good.url.split('/').at(-1) as string;
    const [payload, sig] = token.split('.') as [string, string];
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...body, k: `bulk/${t.companies.cl}/../../etc.xlsx` })).toString(
      'base64url',
    );
    const flip = (s: string) => (s[0] === 'a' ? 'b' : 'a') + s.slice(1);
    for (const bad of [`${forged}.${sig}`, `${payload}.${flip(sig)}`, `${payload}.`, `${payload}x`]) {
      const r = await put(`/api/carga-masiva/upload/${bad}`, bytes);
      expect(r.statusCode, bad).toBe(403);
      expect(r.json().code).toBe('BULK_UPLOAD_URL_INVALID');
    }
    // a longer expiry written into the payload is a tampering too
    const later = Buffer.from(JSON.stringify({ ...body, e: body.e + 86_400_000 })).toString('base64url');
    expect((await put(`/api/carga-masiva/upload/${later}.${sig}`, bytes)).statusCode).toBe(403);

    // Brazil's URL, put by Chile's administrator: refused; its key cannot be started by Chile either
    const br = (await t.post({ as: 'admin', company: 'br' }, '/api/carga-masiva/upload-url')).json();
    const cross = await put(br.url, bytes, 'cl');
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('BULK_UPLOAD_URL_INVALID');
    const brFile = await uploaded(bytes, 'br');
    const start = await t.post('admin', '/api/carga-masiva', { customName: 'x', loadType: 'fichas', urlFile: brFile });
    expect(start.statusCode).toBe(400);
    expect(start.json().message).toBe('Error al cargar el archivo');
    // none of the refused PUTs stored a file
    expect(await t.deps.files.get(old.urlFile)).toBeFalsy();
    expect(await t.deps.files.get(body.k)).toBeFalsy();
    expect(await t.deps.files.get(`bulk/${t.companies.cl}/../../etc.xlsx`.replace('/../..', ''))).toBeFalsy();
  });
});

describe('the start paths and load types', () => {
  it("POST /masive-load/carga-masiva starts a load as /carga-masiva does; loadType 'record' is the fichas 3.0 load", async () => {
    const header = headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName']);
    const a = rutOf(6100001);
    const b = rutOf(6100002);
    const done = await load(
      await sheetBuffer([header, ['natural', a, 'Irene', 'Masiva'], ['natural', b, 'Jorge', 'Masivo']]),
      'record',
      {
        path: '/api/masive-load/carga-masiva',
      },
    );
    expect(done).toMatchObject({ bulkType: 'fichas', bulkStatus: 'done', created: 2, failed: 0, progress: 100 });
    expect((await fichaByDni(a)).fullName).toContain('Irene');
    // the same path refuses what /carga-masiva refuses: an unknown load type, a file never uploaded
    const bad = await t.post('admin', '/api/masive-load/carga-masiva', {
      customName: 'x',
      loadType: 'people',
      urlFile: `bulk/${t.companies.cl}/x.xlsx`,
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.post('admin', '/api/masive-load/carga-masiva', {
      customName: 'x',
      loadType: 'record',
      urlFile: `bulk/${t.companies.cl}/never.xlsx`,
    });
    expect(none.statusCode).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/masive-load/carga-masiva', payload: {} })).statusCode).toBe(401);
    expect((await t.post('frontdesk', '/api/masive-load/carga-masiva', {})).statusCode).toBe(403);
  });
});

describe('a 22-character dni (spec 000 §5: a file without a document)', () => {
  it('loads the row as a file without a document and reports it; a reload updates the same ficha', async () => {
    const header = headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName']);
    const placeholder = 'SD0123456789ABCDEF0123';
    expect(placeholder).toHaveLength(22);
    const file = await sheetBuffer([
      header,
      ['natural', placeholder, 'Sin', 'Documento'],
      ['natural', rutOf(6200001), 'Con', 'Documento'],
    ]);
    const first = await load(file, 'fichas');
    expect(first).toMatchObject({ created: 2, failed: 0 });
    const ficha = await fichaByDni(placeholder);
    expect(ficha).toBeTruthy();
    const report = await errorsOf(first.id);
    expect(report).toEqual([
      {
        row: 2,
        column: 'Documento',
        value: placeholder,
        message: 'Documento de 22 caracteres: la ficha se cargó como ficha sin documento',
        loaded: true,
      },
    ]);
    // the fichas summary counts it among the files without a document
    const again = await load(file, 'fichas');
    expect(again).toMatchObject({ created: 0, updated: 2 });
    expect((await fichaByDni(placeholder)).id).toBe(ficha.id);
    // 21 and 23 characters are documents, checked as such (a RUT here): reported and not loaded
    const near = await load(
      await sheetBuffer([
        header,
        ['natural', placeholder.slice(1), 'Corto', 'Uno'],
        ['natural', `${placeholder}9`, 'Largo', 'Dos'],
      ]),
      'fichas',
    );
    expect(near).toMatchObject({ created: 0, failed: 2 });
    expect((await errorsOf(near.id)).every((e) => !e.loaded && e.column === 'Documento')).toBe(true);
  });
});

describe('a file over the row limit', () => {
  it(`a streamed workbook of ${MAX_ROWS + 1} rows ends 'invalid' with the per-file error, loading nothing`, {
    timeout: 1_200_000,
  }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bulk-rows-'));
    const file = path.join(dir, 'big.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
    const ws = wb.addWorksheet('fichas');
    ws.addRow(headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName'])).commit();
    for (let i = 0; i < MAX_ROWS + 1; i++) ws.addRow(['natural', rutOf(30_000_000 + i), 'Fila', `N${i}`]).commit();
    await wb.commit();
    const bytes = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });
    const before = await t.deps.db
      .selectFrom('fichas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const done = await load(bytes, 'fichas');
    expect(done.bulkStatus).toBe('invalid');
    expect(done.fileError).toBe('El archivo tiene más de 200000 filas');
    expect(done).toMatchObject({ created: 0, updated: 0 });
    const after = await t.deps.db
      .selectFrom('fichas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('list matches of updated, restored and representative fichas become notifications', () => {
  it('an update that brings a new match announces it, once; a known match is not announced again', async () => {
    const header = headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName', 'motherName']);
    const dni = rutOf(6300001);
    const created = await load(await sheetBuffer([header, ['natural', dni, 'Juana', 'Inocente', 'Soto']]), 'fichas');
    expect(created.created).toBe(1);
    const id = (await fichaByDni(dni)).id;
    expect(await matchNotes(id)).toHaveLength(0);
    // the same document now names the sanctioned person: updated, and the new match is announced
    const renamed = await sheetBuffer([header, ['natural', dni, 'Malvado', 'Sancionado', 'Perez']]);
    expect(await load(renamed, 'fichas')).toMatchObject({ updated: 1, created: 0 });
    const notes = await matchNotes(id);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.description).toContain('Malvado Sancionado Perez');
    expect(await listasTotal(id)).toBeGreaterThan(0);
    // loading the same file again: an update with nothing new to announce
    expect(await load(renamed, 'fichas')).toMatchObject({ updated: 1 });
    expect(await matchNotes(id)).toHaveLength(1);
  });

  it('a restored ficha is screened as a created one is, without announcing a match already announced', async () => {
    const header = headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName', 'motherName']);
    const dni = rutOf(6300002);
    const file = await sheetBuffer([header, ['natural', dni, 'Torcuato', 'Embargado', 'Lillo']]);
    await load(file, 'fichas');
    const id = (await fichaByDni(dni)).id;
    expect(await matchNotes(id)).toHaveLength(1);
    const del = await t.patch('admin', '/api/fichas-clientes/soft-delete', { fichasIds: [id] });
    expect(del.statusCode).toBe(200);
    const waiting = await load(file, 'fichas');
    expect(waiting.bulkStatus).toBe('update');
    const decided = await t.post('admin', `/api/carga-masiva/${waiting.id}/similar`, { restore: [id] });
    expect(decided.statusCode, decided.body).toBe(200);
    await t.deps.queue.drain();
    const end = (await t.get('admin', `/api/carga-masiva/${waiting.id}`)).json();
    expect(end).toMatchObject({ bulkStatus: 'done', updated: 1 });
    expect((await fichaByDni(dni)).id).toBe(id);
    expect(await listasTotal(id)).toBeGreaterThan(0);
    // the match was announced when the ficha was created: once per ficha and list entry (issue 24)
    expect(await matchNotes(id)).toHaveLength(1);
  });

  it("a legal person's sanctioned representative is screened in the batch's pass and announced", async () => {
    const header = headerRow('fichas_v2', 'es', [
      'personType',
      'dni',
      'socialReason',
      'representativeDni',
      'representativeName',
    ]);
    const firm = rutOf(76_543_210);
    const rep = rutOf(6300003);
    const queued = async () =>
      (await t.deps.db.selectFrom('jobs').select('id').where('name', '=', 'fichas.screen').execute()).length;
    const jobsBefore = await queued();
    const done = await load(
      await sheetBuffer([header, ['jurídica', firm, 'Importadora Austral SpA', rep, 'Malvado Sancionado Perez']]),
      'fichas_v2',
    );
    expect(done).toMatchObject({ created: 1, failed: 0 });
    const repFicha = await fichaByDni(rep);
    expect(repFicha).toBeTruthy();
    // screened before the transaction, with the batch: stored with its match, no screening job left for later
    expect(await listasTotal(repFicha.id)).toBeGreaterThan(0);
    expect(await queued()).toBe(jobsBefore);
    const notes = await matchNotes(repFicha.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.data).toMatchObject({ listId: 'ofac', entityId: 'sdn-77' });
    // the legal person is not itself on a list: it gets no notification of its own
    expect(await matchNotes((await fichaByDni(firm)).id)).toHaveLength(0);
  });

  it("announces each new match exactly once; an updated ficha's match held before is not announced again", async () => {
    // the notifications of a ficha's match with one list entry (its match key: ficha, list, entry, entry hash)
    const keyed = async (fichaId: string, listId: string, entityId: string) =>
      (
        await t.deps.db
          .selectFrom('notifications')
          .select('id')
          .where('kind', '=', 'monitoring.match')
          .where('matchKey', 'like', `${fichaId}|${listId}|${entityId}|%`)
          .execute()
      ).length;
    const dni = rutOf(6300004);
    const header = headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName', 'motherName']);
    const created = await load(
      await sheetBuffer([header, ['natural', dni, 'Malvado', 'Sancionado', 'Perez']]),
      'fichas',
    );
    expect(created).toMatchObject({ created: 1, failed: 0 });
    const id = (await fichaByDni(dni)).id;
    expect(await keyed(id, 'ofac', 'sdn-77')).toBe(1);
    expect(await matchNotes(id)).toHaveLength(1);
    // that match's notice as one written before the match keys (migration 0560): only the load's own rule, not
    // the key, keeps an update from announcing it again
    await t.deps.db.updateTable('notifications').set({ matchKey: null }).where('fichaId', '=', id).execute();
    // a second list names the same person: the update's new screening holds the old match and a new one
    await lists.replaceList('un', 'UN Consolidated', [
      { id: 'un-9', listId: 'un', schema: 'Person', names: ['Malvado Sancionado Perez'], countries: ['CL'] },
    ]);
    try {
      const withBirth = headerRow('fichas', 'es', [
        'personType',
        'dni',
        'name',
        'fatherName',
        'motherName',
        'birthDate',
      ]);
      const row = (day: string) => ['natural', dni, 'Malvado', 'Sancionado', 'Perez', day];
      expect(await load(await sheetBuffer([withBirth, row('1970-03-15')]), 'fichas')).toMatchObject({ updated: 1 });
      const listas = (
        await t.deps.db.selectFrom('fichas').select('listas').where('id', '=', id).executeTakeFirstOrThrow()
      ).listas as { lists: { listId: string; hits: { entityId: string }[] }[] };
      const held = listas.lists.flatMap((l) => l.hits.map((h) => `${l.listId}:${h.entityId}`));
      expect(held).toEqual(expect.arrayContaining(['ofac:sdn-77', 'un:un-9']));
      // the new match once; the old one not again (the unkeyed notice stays the only one of it)
      expect(await keyed(id, 'un', 'un-9')).toBe(1);
      expect(await keyed(id, 'ofac', 'sdn-77')).toBe(0);
      expect(await matchNotes(id)).toHaveLength(2);
      // screened again by a later load (another birth date): nothing new, nothing announced twice
      expect(await load(await sheetBuffer([withBirth, row('1970-03-16')]), 'fichas')).toMatchObject({ updated: 1 });
      expect(await keyed(id, 'un', 'un-9')).toBe(1);
      expect(await keyed(id, 'ofac', 'sdn-77')).toBe(0);
      expect(await matchNotes(id)).toHaveLength(2);
    } finally {
      await lists.replaceList('un', 'UN Consolidated', []);
    }
  });
});
