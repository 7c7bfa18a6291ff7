import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { withTenant } from '../../db/tenant';
import * as repo from './operations.repo';
import { classifySearch, prefixEnd } from './operations.search';
import * as searchRepo from './operations.search.repo';

let t: TestApp;
const rutOf = (body: string) => `${body}-${rutCheckDigit(body)}`;
const josé = rutOf('17654321');
const ana = rutOf('8765432');

async function create(payload: Record<string, unknown>, company: 'cl' | 'br' = 'cl') {
  const res = await t.post({ as: 'admin', company }, '/api/consultations', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; codigo: number; codigoFormatted: string };
}

let one: { id: string; codigo: number; codigoFormatted: string };
let two: { id: string };
let other: { id: string; codigo: number; codigoFormatted: string };
beforeAll(async () => {
  t = await createTestApp();
  one = await create({
    divisa: 'CLP',
    transactionDate: '2025-01-10',
    referenceNumber: 'FAC-2024-0917',
    transactionComments: 'Pago del arriendo de la oficina',
    tags: [{ name: 'Cliente preferente' }],
    associates: [
      {
        dni: josé,
        type: 'natural',
        monto: 1000,
        efective: 0,
        newFicha: { name: 'José', fatherName: 'Muñoz', email: 'jose@example.cl', nationality: 'CL' },
      },
    ],
  });
  two = await create({
    divisa: 'CLP',
    transactionDate: '2025-02-10',
    referenceNumber: 'OC-77',
    transactionComments: 'transferencia',
    associates: [
      {
        dni: ana,
        type: 'natural',
        monto: 500,
        efective: 0,
        newFicha: { name: 'Ana', fatherName: 'Pérez', email: 'ana@example.cl', nationality: 'CL' },
      },
    ],
  });
  // another company with the same reference, comment, tag and participant name (and the same codigo)
  other = await create(
    {
      divisa: 'BRL',
      transactionDate: '2025-01-10',
      referenceNumber: 'FAC-2024-0917',
      transactionComments: 'Pago del arriendo de la oficina',
      tags: [{ name: 'Cliente preferente' }],
      associates: [
        {
          dni: '52998224725',
          type: 'natural',
          monto: 1000,
          efective: 0,
          newFicha: { name: 'José', fatherName: 'Muñoz', email: 'jose@example.com.br', nationality: 'BR' },
        },
      ],
    },
    'br',
  );
});
afterAll(async () => {
  await t?.close();
});

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

async function list(search: string, company: 'cl' | 'br' = 'cl') {
  const res = await t.get(
    { as: 'admin', company },
    `/api/consultations?filter=${encodeURIComponent(JSON.stringify({ where: { search } }))}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return ids(res.json());
}

async function table(search: string, company: 'cl' | 'br' = 'cl') {
  const res = await t.post({ as: 'admin', company }, '/api/informes/tabla-consultas', { search });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: ids(body.data), count: body.count as number, countExact: body.countExact as boolean };
}

describe('consultation search (spec 000 §7)', () => {
  it('finds each kind of term through its index, only in the caller company', async () => {
    expect(one.codigo).toBe(other.codigo);
    const cases: [string, string[]][] = [
      // codigo, as shown and as a number
      [one.codigoFormatted, [one.id]],
      [String(one.codigo), [one.id]],
      // participant document: formatted, unformatted, prefix of the number
      [`17.654.321-${rutCheckDigit('17654321')}`, [one.id]],
      [`17654321${rutCheckDigit('17654321')}`, [one.id]],
      [josé, [one.id]],
      ['17654321', [one.id]],
      ['8.765.432', [two.id]],
      // reference number: whole, any case, by prefix
      ['FAC-2024-0917', [one.id]],
      ['fac-2024', [one.id]],
      ['oc-7', [two.id]],
      // comment words, by prefix, any case and order
      ['arriendo', [one.id]],
      ['OFIC arrie', [one.id]],
      ['transferencia', [two.id]],
      // tag name
      ['preferente', [one.id]],
      ['cliente pref', [one.id]],
      // participant name, with or without accents
      ['muñoz', [one.id]],
      ['MUNOZ', [one.id]],
      ['josé muñoz', [one.id]],
      ['jose', [one.id]],
      ['pérez', [two.id]],
      ['perez ana', [two.id]],
      // nothing
      ['zzzz', []],
      ['muñoz ana', []],
      ['99999999', []],
    ];
    for (const [term, expected] of cases) {
      expect(await list(term), term).toEqual(expected);
      const tab = await table(term);
      expect(tab, term).toEqual({ ids: expected, count: expected.length, countExact: true });
    }
    // the other company finds its own operation only
    expect(await list('FAC-2024-0917', 'br')).toEqual([other.id]);
    expect(await list('muñoz', 'br')).toEqual([other.id]);
    expect(await list('529.982.247-25', 'br')).toEqual([other.id]);
    expect(await list(josé, 'br')).toEqual([]);
    const count = await t.get(
      'admin',
      `/api/consultations/count?where=${encodeURIComponent(JSON.stringify({ search: 'arriendo' }))}`,
    );
    expect(count.json()).toEqual({ count: 1 });
  });

  it('tests row by row, with the same result, when more operations match than the ids it lists', async () => {
    const run = (term: string, cap: number) =>
      withTenant(t.deps.db, t.companies.cl, async (trx) => {
        const s = await searchRepo.searchCondition(trx, t.companies.cl, term, cap);
        if (!s) throw new Error('no condition');
        const rows = await repo.listOperations(trx, t.companies.cl, s.cond, {
          limit: 25,
          skip: 0,
          selective: s.selective,
        });
        return { selective: s.selective, ids: ids(rows) };
      });
    for (const term of ['pago transferencia', 'a', 'muñoz', josé, 'fac', one.codigoFormatted, 'zzz']) {
      const byIds = await run(term, 10_000);
      const byRow = await run(term, 0);
      expect(byIds.selective, term).toBe(true);
      expect(byRow.selective, term).toBe(byIds.ids.length === 0);
      expect(byRow.ids, term).toEqual(byIds.ids);
    }
    // 'a' starts a word of both operations (arriendo, ana) and of nothing in the other company
    expect((await run('a', 10_000)).ids).toEqual([two.id, one.id]);
  });

  it('reads the term as codigo, document, reference and words', () => {
    expect(classifySearch('  ')).toBeNull();
    expect(classifySearch('000123')).toMatchObject({ codigo: 123, docs: expect.any(Array), words: null });
    expect(classifySearch('ab123456')).toMatchObject({ codigo: null, docFrom: 'AB123456', words: 'ab123456:*' });
    expect(classifySearch('12.345.678-5')).toMatchObject({
      codigo: null,
      docs: expect.arrayContaining(['12345678-5']),
      docFrom: '123456785',
      words: null,
    });
    expect(classifySearch('José  Muñoz')).toMatchObject({
      codigo: null,
      docs: null,
      refFrom: 'josé  muñoz',
      words: 'jose:* & munoz:*',
    });
    expect(prefixEnd('ref-1')).toBe('ref-2');
    expect(prefixEnd('abz')).toBe('ab{');
  });
});
