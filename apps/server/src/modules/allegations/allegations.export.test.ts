import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addDays, chileDate } from './allegations.deadlines';
import { fileReport } from './allegations.test-helpers';

/** The list's xlsx export (issue 10, point 5): what a handler finds in the file, in their language, and nothing more. */
let t: TestApp;
const codes: { fraud: string; karin: string } = { fraud: '', karin: '' };
let coordinator: { id: string; name: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  // the demo company has reports of its own: the test looks at its two
  codes.fraud = (await fileReport(t)).json().id_denuncia;
  codes.karin = (
    await fileReport(t, {
      category: 'harassment',
      description: 'Gritos y amenazas reiteradas del jefe de bodega a su equipo.',
      anonymous: false,
      reporterName: 'Camila Reyes',
      reporterEmail: 'creyes@correo.cl',
      relationship: 'customer',
    })
  ).json().id_denuncia;
  const today = chileDate(new Date());
  // the fraud report's acknowledgement passed three days ago; the harassment one is assigned and acknowledged
  await t.deps.db
    .updateTable('allegations')
    .set({ acknowledgeDue: addDays(today, -3) })
    .where('code', '=', codes.fraud)
    .execute();
  coordinator = await t.deps.db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('email', '=', 'denouncescoordinator.cl@demo.regcheck.app')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .updateTable('allegations')
    .set({ assignedTo: coordinator.id, status: 'acknowledged' })
    .where('code', '=', codes.karin)
    .execute();
});
afterAll(async () => {
  await t?.close();
});

/** The export as the coordinator sees it, in `lang` (the user's own language setting decides). */
async function exported(filter: unknown, lang: 'es' | 'en' = 'es') {
  await t.deps.db.updateTable('users').set({ lang }).where('id', '=', coordinator.id).execute();
  const res = await t.get(
    'denouncesCoordinator',
    `/api/denuncia/export?filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toContain('denuncias.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  const rows: string[][] = [];
  ws.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return { name: ws.name, header: rows[0] ?? [], body: rows.slice(1) };
}

describe('GET /denuncia/export', () => {
  it('holds one translated row per report, with its deadline and overdue mark, and no report content', async () => {
    const today = chileDate(new Date());
    const x = await exported({});
    expect(x.name).toBe('Denuncias');
    expect(x.header).toEqual([
      'Código',
      'Fecha',
      'Categoría',
      'Estado',
      'Denunciante',
      'Relación',
      'Asignada a',
      'Vence',
      'Vencida',
    ]);
    const fraud = x.body.find((r) => r[0] === codes.fraud);
    const karin = x.body.find((r) => r[0] === codes.karin);
    const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
    expect(fraud).toEqual([
      codes.fraud,
      ddmmyyyy(today),
      'Fraude',
      'Recibida',
      'Anónima',
      'Trabajador',
      'Sin asignar',
      ddmmyyyy(addDays(today, -3)),
      'Sí',
    ]);
    expect(karin?.slice(2, 7)).toEqual([
      'Acoso laboral o sexual (Ley Karin)',
      'Acuse de recibo enviado',
      'Identificada',
      'Cliente',
      coordinator.name,
    ]);
    expect(karin?.[8]).toBe('');
    const all = JSON.stringify(x);
    for (const secret of ['Facturas', 'Gritos', 'Camila', 'creyes']) expect(all).not.toContain(secret);
  });

  it('follows the list filters and the caller language', async () => {
    const overdue = await exported({ overdue: true }, 'en');
    expect(overdue.name).toBe('Reports');
    expect(overdue.header.slice(0, 3)).toEqual(['Id', 'Date', 'Category']);
    expect(overdue.body.map((r) => r[0])).toContain(codes.fraud);
    expect(overdue.body.map((r) => r[0])).not.toContain(codes.karin);
    expect(overdue.body.find((r) => r[0] === codes.fraud)?.[8]).toBe('Yes');
    const karin = await exported({ category: 'harassment' });
    expect(karin.body.map((r) => r[0])).toEqual([codes.karin]);
    // the export is audited with its filter and count
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select(['after'])
      .where('action', '=', 'allegation.exported')
      .orderBy('createdAt', 'desc')
      .execute();
    expect(audits[0]?.after).toMatchObject({ filter: { category: 'harassment' }, count: 1 });
  });

  it('dates a report on the day it was received in Chile, whatever the hour in UTC', async () => {
    // 01:30 UTC on 11 March 2026 is 22:30 on the 10th in Santiago (UTC-3): received on the 10th, not the 11th;
    // 03:30 UTC is 00:30 on the 11th there
    for (const [at, day] of [
      ['2026-03-11T01:30:00Z', '10/03/2026'],
      ['2026-03-11T03:30:00Z', '11/03/2026'],
    ] as const) {
      await t.deps.db
        .updateTable('allegations')
        .set({ createdAt: new Date(at) })
        .where('code', '=', codes.karin)
        .execute();
      const x = await exported({ category: 'harassment' });
      expect(x.body.find((r) => r[0] === codes.karin)?.[1]).toBe(day);
    }
  });
});
