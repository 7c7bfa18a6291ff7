import { translate } from '@regcheck/shared';
import { rutCheckDigit } from '@regcheck/shared/documents/index';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { EXPORT_COLUMNS } from './fichas.export';
import { exportLimits } from './fichas.service';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

async function create(body: Record<string, unknown>, company: 'cl' | 'br' = 'cl') {
  const res = await t.post({ as: 'admin', company }, '/api/fichas-clientes', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const natural = (body: number, over: Record<string, unknown> = {}) => ({
  personType: 'natural',
  dni: rut(body),
  dniType: { country: 'CL', document: 'RUT' },
  name: 'Ana',
  fatherName: 'Export',
  ...over,
});

const list = (where: unknown, company: 'cl' | 'br' = 'cl') =>
  t.get(
    { as: 'auditor', company },
    `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where, limit: 100 }))}`,
  );

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  const rows: string[][] = [];
  ws.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return { name: ws.name, rows };
}

describe('tags filter on GET /api/fichas-clientes', () => {
  let vip: string;
  let gold: string;
  let both: string;
  beforeAll(async () => {
    vip = (await create(natural(21_000_001, { name: 'Tag Vip', tags: [{ name: 'vip' }] }))).id;
    gold = (await create(natural(21_000_002, { name: 'Tag Gold', tags: [{ name: 'gold' }] }))).id;
    both = (await create(natural(21_000_003, { name: 'Tag Both', tags: [{ name: 'vip' }, { name: 'gold' }] }))).id;
    await create(natural(21_000_004, { name: 'Tag Vipish', tags: [{ name: 'vipish' }, { name: 'VIP2' }] }));
  });

  const ids = (res: { json(): { id: string }[] }) =>
    res
      .json()
      .map((f) => f.id)
      .sort();

  it('a plain name matches the tag exactly (was a 500), also as tags.name and eq', async () => {
    for (const where of [{ tags: 'vip' }, { 'tags.name': 'vip' }, { tags: { eq: 'vip' } }]) {
      const res = await list(where);
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(res)).toEqual([vip, both].sort());
    }
  });

  it('inq of names, nin, nested in and/or, and combined with other fields; count agrees', async () => {
    expect(ids(await list({ tags: { inq: ['vip', 'gold'] } }))).toEqual([vip, gold, both].sort());
    expect(ids(await list({ and: [{ tags: 'vip' }, { tags: 'gold' }] }))).toEqual([both]);
    expect(ids(await list({ or: [{ tags: 'gold' }, { name: 'Tag Vip' }] }))).toEqual([vip, gold, both].sort());
    expect(ids(await list({ and: [{ tags: { inq: ['vip'] } }, { tags: { nin: ['gold'] } }] }))).toEqual([vip]);
    const count = await t.get(
      'auditor',
      `/api/fichas-clientes/count?where=${encodeURIComponent(JSON.stringify({ tags: { inq: ['gold'] } }))}`,
    );
    expect(count.json()).toEqual({ count: 2 });
  });

  it('another company does not see the tagged fichas', async () => {
    const res = await list({ tags: 'vip' }, 'br');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('400 naming the field for unsupported operators and bad values', async () => {
    for (const [where, field] of [
      [{ tags: { ilike: '%vip%' } }, 'where.tags.ilike'],
      [{ tags: { like: 'vip' } }, 'where.tags.like'],
      [{ tags: { inq: 'vip' } }, 'where.tags.inq'],
      [{ tags: { inq: [3] } }, 'where.tags.inq[0]'],
      [{ and: [{ tags: { gt: 'a' } }] }, 'where.and[0].tags.gt'],
      [{ tags: 7 }, 'where.tags'],
    ] as const) {
      const res = await list(where);
      expect(res.statusCode, JSON.stringify(where)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
  });
});

describe('GET /api/fichas-clientes/export', () => {
  const url = (where: unknown) =>
    `/api/fichas-clientes/export?filter=${encodeURIComponent(JSON.stringify({ where, limit: 25 }))}`;

  beforeAll(async () => {
    await create(natural(22_000_001, { name: 'Xport Uno', tags: [{ name: 'xport' }], email: 'uno@example.cl' }));
    const dos = await create(
      natural(22_000_002, { name: 'Xport Dos', tags: [{ name: 'xport' }, { name: 'vip' }], nationality: 'CL' }),
    );
    await t.patch('admin', `/api/fichas-clientes/${dos.id}/risk`, { overwrittenRisk: 'high', reason: 'manual review' });
    await create(natural(22_000_003, { name: 'Xport Otra' }));
    // the same tag in the other company must not leak into the export
    await create(
      {
        personType: 'natural',
        dni: '52998224725',
        dniType: { country: 'BR' },
        name: 'Xport Brasil',
        tags: [{ name: 'xport' }],
      },
      'br',
    );
  });

  it('401 without a token, 400 for a bad filter', async () => {
    expect((await t.call({ method: 'GET', url: url({ tags: 'xport' }) })).statusCode).toBe(401);
    const bad = await t.get('auditor', url({ nope: 1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'where.nope' });
  });

  it('streams an xlsx of the filtered rows of the caller company only, headers in the caller language', async () => {
    // the demo users' language (Spanish) wins over accept-language
    const res = await t.get('auditor', url({ tags: 'xport' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="fichas-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { name, rows } = await readXlsx(res.rawPayload);
    expect(name).toBe(translate('es', 'fichas:export.sheet'));
    expect(rows[0]).toEqual(EXPORT_COLUMNS.map((k) => translate('es', `fichas:export.columns.${k}`)));
    expect(rows[0]?.[0]).toBe('RUT / Documento');
    const data = rows.slice(1);
    expect(data.map((r) => r[2])).toEqual(['Xport Dos Export', 'Xport Uno Export']);
    const [dos, uno] = data as [string[], string[]];
    expect(dos[0]).toBe('22.000.002-' + rutCheckDigit('22000002'));
    expect(dos[1]).toBe('Persona natural');
    expect(dos[6]).toBe('Riesgo alto');
    expect(dos[7]).toBe('No PEP');
    expect(dos[8]).toBe('0');
    expect(dos[9]).toBe('xport, vip');
    expect(dos[10]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(uno[4]).toBe('uno@example.cl');
    expect(uno[6]).toBe('Riesgo bajo');
  });

  it('headers in the language of the caller (Brazil: pt-BR), search terms honoured, other company rows absent', async () => {
    const br = await t.get({ as: 'admin', company: 'br' }, url({ tags: 'xport' }));
    expect(br.statusCode).toBe(200);
    const brRows = (await readXlsx(br.rawPayload)).rows;
    expect(brRows[0]?.[2]).toBe('Nome / razão social');
    expect(brRows.slice(1).map((r) => r[2])).toEqual(['Xport Brasil']);
    const res = await t.get('admin', url({ search: 'xport otra' }));
    expect(res.statusCode).toBe(200);
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['Xport Otra Export']);
  });

  it('above the cap: 400 FICHAS_EXPORT_TOO_MANY with a translated message, nothing streamed', async () => {
    const saved = exportLimits.maxRows;
    exportLimits.maxRows = 1;
    try {
      const res = await t.get('auditor', url({ tags: 'xport' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FICHAS_EXPORT_TOO_MANY', field: 'filter' });
      expect(res.json().message).toContain('1');
      const one = await t.get('auditor', url({ search: 'xport otra' }));
      expect(one.statusCode).toBe(200);
    } finally {
      exportLimits.maxRows = saved;
    }
  });

  it('an empty result is a workbook with the header row only', async () => {
    const res = await t.get('auditor', url({ tags: 'does-not-exist' }));
    expect(res.statusCode).toBe(200);
    expect((await readXlsx(res.rawPayload)).rows).toHaveLength(1);
  });
});

describe('GET /api/fichas-clientes/{id}/history', () => {
  it('401, 404 for another company, the audit of the ficha and its relationships newest first, paginated', async () => {
    const f = await create(natural(23_000_001, { name: 'Historia', email: 'h@example.cl' }));
    const url = `/api/fichas-clientes/${f.id}/history`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    const other = await t.get({ as: 'admin', company: 'br' }, url);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('FICHA_NOT_FOUND');

    const patched = await t.patch('admin', `/api/fichas-clientes/no-lists/${f.id}`, { email: 'nuevo@example.cl' });
    expect(patched.statusCode, patched.body).toBe(200);
    const risk = await t.patch('admin', `/api/fichas-clientes/${f.id}/risk`, {
      overwrittenRisk: 'medium',
      reason: 'manual review',
    });
    expect(risk.statusCode).toBe(200);
    const rel = await t.post('admin', '/api/ficha-relationship', {
      fichaId: f.id,
      relationType: 'representant',
      personType: 'natural',
      dni: rut(23_000_002),
      name: 'Representante',
      fatherName: 'Legal',
      countryDocument: 'CL',
    });
    expect(rel.statusCode, rel.body).toBe(200);

    const res = await t.get('auditor', url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    const actions = page.data.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 3)).toEqual(['ficha.relationship.created', 'ficha.risk.overwritten', 'ficha.updated']);
    expect(actions).toContain('ficha.created');
    expect(page.count).toBe(page.data.length);
    const times = page.data.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const updated = page.data.find((e: { action: string }) => e.action === 'ficha.updated');
    expect(updated.userName).toBeTruthy();
    expect(updated.changes).toContainEqual({ field: 'email', before: 'h@example.cl', after: 'nuevo@example.cl' });
    expect(updated.changes.map((c: { field: string }) => c.field)).not.toContain('updatedAt');
    const over = page.data.find((e: { action: string }) => e.action === 'ficha.risk.overwritten');
    expect(over.changes).toContainEqual({ field: 'overwrittenRisk', before: null, after: 'medium' });

    const second = await t.get('auditor', `${url}?limit=1&skip=1`);
    expect(second.json().data.map((e: { action: string }) => e.action)).toEqual(['ficha.risk.overwritten']);
    expect(second.json().count).toBe(page.count);

    const bad = await t.get('auditor', `${url}?limit=0`);
    expect(bad.statusCode).toBe(400);
  });

  it('shows the trash moves that name the ficha', async () => {
    const f = await create(natural(23_000_003, { name: 'Papelera' }));
    await t.patch('admin', '/api/fichas-clientes/soft-delete', { fichasIds: [f.id] });
    const res = await t.get('admin', `/api/fichas-clientes/${f.id}/history`);
    expect(res.json().data[0].action).toBe('ficha.softDeleted');
  });
});
