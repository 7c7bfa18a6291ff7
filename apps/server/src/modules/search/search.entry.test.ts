import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fixture, importList } from '../lists/fixtures/import-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importList(t, 'onu', fixture('un-small.xml'), { label: 'UN 2026-02-27' });
});
afterAll(async () => {
  await t?.close();
});

const url = (list: string, id: string) => `/api/screening/lists/${list}/entries/${id}`;

describe('GET /api/screening/lists/{listId}/entries/{entityId}', () => {
  it('401 without a session; 404 for an entry not in force and a list that does not exist', async () => {
    expect((await t.call({ method: 'GET', url: url('onu', '6908555') })).statusCode).toBe(401);
    expect((await t.get('frontdesk', url('onu', 'nope'))).json()).toMatchObject({
      statusCode: 404,
      code: 'LIST_ENTRY_NOT_FOUND',
    });
    expect((await t.get('frontdesk', url('nolist', '1'))).statusCode).toBe(404);
  });

  it('answers the entry whole with its list, kind, listing date and version, to every company role', async () => {
    for (const as of ['frontdesk', 'auditor', 'userMonitoring'] as const) {
      const r = await t.get(as, url('onu', '6908555'));
      expect(r.statusCode, as).toBe(200);
    }
    const e = (await t.get('frontdesk', url('onu', '6908555'))).json();
    expect(e).toMatchObject({
      listId: 'onu',
      kind: 'sanctions',
      entityId: '6908555',
      listedOn: '2011-10-05',
      reference: 'QDi.299',
      birthDates: ['1971'],
      version: { label: 'UN 2026-02-27' },
    });
    expect(e.names).toEqual(expect.arrayContaining(['Ibrahim Awwad Ibrahim Ali al-Badri']));
    expect(e.countries).toEqual(['IQ']);
    // where the list is published, for the drawer's source
    expect(e.sourceUrl).toMatch(/^https:\/\//);
  });

  it("an entry without a reference of its own answers its id on the list (OFAC's ent_num)", async () => {
    await importList(t, 'ofac', fixture('ofac-small.csv'), { label: 'OFAC SDN 2024-05-03' });
    const e = (await t.get('frontdesk', url('ofac', '7675'))).json();
    expect(e).toMatchObject({ entityId: '7675', reference: '7675', version: { label: 'OFAC SDN 2024-05-03' } });
  });

  it('a person of the PEP register shows no reference: its id is RegCheck’s own, a bare UUID (decision 224)', async () => {
    const person = await t.post('superAdmin', '/api/people', {
      country: 'CL',
      dni: '15.234.567-4',
      name: 'Rosalía Ugarte Mardones',
      pepLevel: 1,
      position: 'Subsecretaria de Pesca',
      institution: 'Ministerio de Economía',
      officeStart: '2022-03-11',
    });
    expect(person.statusCode, person.body).toBe(200);
    await t.deps.queue.drain();
    const id = (person.json() as { id: string }).id;
    const e = (await t.get('admin', url('pep-register', id))).json();
    expect(e).toMatchObject({ entityId: id, reference: null, pep: { position: 'Subsecretaria de Pesca' } });
  });
});

describe('POST /api/search/individual: the document per country, and bad input', () => {
  const search = (payload: Record<string, unknown>, lang = 'es') =>
    t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/search/individual',
      payload,
      headers: { 'accept-language': lang },
    });

  it('rejects an invalid RUT and a document of another country, naming the field, in the caller language', async () => {
    const bad = await search({ dni: '12.345.678-9', country: 'CL', personType: 'natural' });
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'DOCUMENT_INVALID', field: 'dni' });
    expect(bad.json().message).toBe('dni: 12.345.678-9 no es un RUT válido');
    const cpf = await search({ dni: '123.456.789-09', documentType: 'CPF', country: 'CL', personType: 'natural' });
    expect(cpf.json()).toMatchObject({ statusCode: 400, code: 'DOCUMENT_TYPE_NOT_ALLOWED', field: 'documentType' });
    const ok = await search({ dni: '12.345.678-5', country: 'CL', personType: 'natural' });
    expect(ok.statusCode).toBe(200);
    const passport = await search({ dni: 'X1234567', documentType: 'PASSPORT', country: 'AR', name: 'Ana' });
    expect(passport.statusCode).toBe(200);
  });

  it('a 10,000-character name, punctuation only, emoji and mixed scripts: a 4xx or an answer, never a 500', async () => {
    expect((await search({ name: 'a'.repeat(10_000) })).json()).toMatchObject({ statusCode: 400, field: 'name' });
    for (const name of ['!!!...,,,;;', '😀😀 🚀', 'Иван Петров 李小龙 محمد', '   ']) {
      const r = await search({ name });
      expect(r.statusCode, name).toBeLessThan(500);
      if (r.statusCode === 200) expect(r.json().message === null || typeof r.json().message === 'string').toBe(true);
    }
  });
});
