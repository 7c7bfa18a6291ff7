import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fixture, importList } from '../lists/fixtures/import-fixture';

/*
 * Bad input at every screening entry point (issue 15): the individual search, a ficha's creation (which screens it)
 * and GET /{ofac|onu}/match. A 10,000-character name, only punctuation, emoji, mixed scripts, a document of the
 * wrong country: a translated 4xx naming the field, or an answer (an empty search always says so in words), never
 * a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  await importList(t, 'ofac', fixture('ofac-small.csv'));
  await importList(t, 'onu', fixture('un-small.xml'));
});
afterAll(async () => {
  await t?.close();
});

const ODD_NAMES = ['!!!...,,,;;', '😀😀 🚀', 'Иван Петров 李小龙 محمد', '\u200b\u200b', 'a'.repeat(300)];

const setLang = async (lang: 'es' | 'en' | 'br') =>
  t.deps.db.updateTable('users').set({ lang }).where('email', '=', 'admin.cl@demo.regcheck.app').execute();

describe('POST /search/individual', () => {
  it('an empty result always carries its message in words; nothing odd answers a 500', async () => {
    for (const name of ODD_NAMES) {
      const r = await t.call({ as: 'admin', method: 'POST', url: '/api/search/individual', payload: { name } });
      expect(r.statusCode, name).toBe(200);
      expect(r.json().total, name).toBe(0);
      expect(r.json().message, name).toBe('No se encontraron resultados');
    }
    // a hit carries no "no results" message
    const hit = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/search/individual',
      payload: { name: 'Joaquin Guzman Loera' },
    });
    expect(hit.json().total).toBeGreaterThan(0);
    expect(hit.json().message).toBeNull();
  });

  it('no name and no document, or a 10,000-character name: a 400 naming the field in the caller language', async () => {
    const blank = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/search/individual',
      payload: { name: '   ' },
    });
    expect(blank.json()).toMatchObject({ statusCode: 400, field: 'name' });
    expect(blank.json().message).toBe('Valor no válido en name: Indique un nombre o un documento');
    await setLang('en');
    try {
      const en = await t.call({ as: 'admin', method: 'POST', url: '/api/search/individual', payload: {} });
      expect(en.json().message).toBe('Invalid value in name: Give a name or a document');
    } finally {
      await setLang('es');
    }
    const long = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/search/individual',
      payload: { name: 'a'.repeat(10_000) },
    });
    expect(long.json()).toMatchObject({ statusCode: 400, field: 'name' });
  });
});

describe('POST /fichas-clientes (a ficha is screened when created)', () => {
  const create = (body: Record<string, unknown>) =>
    t.call({ as: 'admin', method: 'POST', url: '/api/fichas-clientes', payload: { personType: 'natural', ...body } });

  it('refuses a 10,000-character name, punctuation only and emoji with a 400 naming the field', async () => {
    const long = await create({ name: 'a'.repeat(10_000), fatherName: 'Soto' });
    expect(long.json()).toMatchObject({ statusCode: 400, field: 'name' });
    expect(long.json().message).toMatch(/^Valor no válido en name: .*200/);
    for (const name of ['!!!...,,,', '😀😀']) {
      const r = await create({ name, fatherName: 'Soto' });
      expect(r.json(), name).toMatchObject({ statusCode: 400, code: 'NAME_INVALID', field: 'name' });
      expect(r.json().message).toBe('name: solo se permiten letras, espacios y los caracteres & / -');
    }
    const firm = await create({ personType: 'legal', socialReason: '!!!' });
    expect(firm.json()).toMatchObject({ statusCode: 400, field: 'socialReason' });
  });

  it('refuses a document of the wrong country or an invalid RUT; a name in other scripts is created and screened', async () => {
    const cpf = await create({
      dni: '123.456.789-09',
      name: 'Ana',
      fatherName: 'Cpf',
      dniType: { country: 'CL', document: 'CPF' },
    });
    expect(cpf.json()).toMatchObject({ statusCode: 400, code: 'DOCUMENT_TYPE_NOT_ALLOWED', field: 'dniType.document' });
    expect(cpf.json().message).toBe(
      'dniType.document: el documento CPF no está permitido para una persona natural de CL',
    );
    const rut = await create({ dni: '12.345.678-9', name: 'Ana', fatherName: 'Rut' });
    expect(rut.json()).toMatchObject({ statusCode: 400, code: 'DOCUMENT_INVALID', field: 'dni' });
    const mixed = await create({ name: 'Иван 李小龙', fatherName: 'محمد' });
    expect(mixed.statusCode, mixed.body).toBe(200);
    const row = await t.deps.db
      .selectFrom('fichas')
      .select(['listas'])
      .where('id', '=', mixed.json().id)
      .executeTakeFirstOrThrow();
    // screened on creation: the listas are stored (no error), with no coincidence for this made-up name
    const listas = (typeof row.listas === 'string' ? JSON.parse(row.listas) : row.listas) as {
      error: boolean;
      lists: unknown[];
    };
    expect(listas.error).toBe(false);
    expect(Array.isArray(listas.lists)).toBe(true);
  });
});

describe('GET /{ofac|onu}/match', () => {
  const match = (list: 'ofac' | 'onu', where: unknown) =>
    t.call({
      as: 'admin',
      method: 'GET',
      url: `/api/${list}/match?filter=${encodeURIComponent(JSON.stringify({ where }))}`,
    });

  it('each wrong field answers a translated 400 naming it', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: 'a'.repeat(10_000) }, 'where.name', 'where.name debe ser un texto de hasta 300 caracteres'],
      [{ name: 12 }, 'where.name', 'where.name debe ser un texto de hasta 300 caracteres'],
      [{ dni: 'x'.repeat(41) }, 'where.dni', 'where.dni debe ser un texto de hasta 40 caracteres'],
      [{ name: 'Ana', personType: 'robot' }, 'where.personType', 'where.personType debe ser natural o legal'],
      [{ name: 'Ana', country: 'Chile' }, 'where.country', 'where.country debe ser un texto de hasta 2 caracteres'],
      [
        { name: 'Ana', country: '1!' },
        'where.country',
        'where.country debe ser el código de dos letras de un país (CL, BR...)',
      ],
      [
        { name: 'Ana', birthDate: '31/12/1960' },
        'where.birthDate',
        'where.birthDate debe ser una fecha AAAA, AAAA-MM o AAAA-MM-DD',
      ],
      [
        { name: 'Ana', birthDate: '1960-13' },
        'where.birthDate',
        'where.birthDate debe ser una fecha AAAA, AAAA-MM o AAAA-MM-DD',
      ],
      [
        { nick: 'x' },
        'where.nick',
        'where.nick no es un campo de la búsqueda: use name, fatherName, motherName, dni, personType, country o birthDate',
      ],
      [{}, 'where.name', 'Indique un nombre o un documento'],
      [{ name: '   ' }, 'where.name', 'Indique un nombre o un documento'],
    ];
    for (const [where, field, message] of cases)
      for (const list of ['ofac', 'onu'] as const) {
        const r = await match(list, where);
        expect(r.json(), JSON.stringify(where)).toMatchObject({
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          field,
          message,
        });
      }
    await setLang('en');
    try {
      expect((await match('ofac', { name: 'Ana', personType: 'robot' })).json().message).toBe(
        'where.personType must be natural or legal',
      );
    } finally {
      await setLang('es');
    }
  });

  it('punctuation only, emoji and mixed scripts find nothing (an empty array), never a 500', async () => {
    for (const name of ODD_NAMES) {
      const r = await match('ofac', { name });
      expect(r.statusCode, name).toBe(200);
      expect(r.json(), name).toEqual([]);
    }
    // a good question still answers: a year of birth and a country narrow it, a number is taken as a document
    const ok = await match('ofac', {
      name: 'Joakin Guzman Loera',
      birthDate: '1957',
      country: 'mx',
      personType: 'natural',
    });
    expect(ok.json()[0]).toMatchObject({ entityId: '7675' });
    expect((await match('ofac', { dni: 123 })).statusCode).toBe(200);
  });
});
