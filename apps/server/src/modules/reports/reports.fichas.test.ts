import { rutCheckDigit } from '@regcheck/shared/documents/index';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';
import { pdfPageTexts } from '../../../test/pdf-text';
import { withTenant } from '../../db/tenant';
import { insertForm } from '../forms/forms.repo';

/** The fichas report and the forms report: on screen, as xlsx and PDF, and as exports built by the job. */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

let seq = 33_000_000;
const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};
const get = (url: string, as = 'admin', company: 'cl' | 'br' = 'cl') => t.get({ as, company }, url);
const DAY = 86_400_000;

async function ficha(payload: Record<string, unknown>, createdDaysAgo: number) {
  const res = await t.post('admin', '/api/fichas-clientes', payload);
  expect(res.statusCode, res.body).toBe(200);
  const f = res.json() as { id: string; dni: string };
  await t.deps.db
    .updateTable('fichas')
    .set({ createdAt: new Date(Date.UTC(2025, 2, 20) - createdDaysAgo * DAY) })
    .where('id', '=', f.id)
    .execute();
  return f;
}
const cl = () => ({ dni: rut(), dniType: { country: 'CL', document: 'RUT' } });

async function drainExport(id: string) {
  await t.deps.queue.drain();
  const e = (await get(`/api/informes/exports/${id}`)).json();
  expect(e.status, e.error).toBe('ready');
  const file = await get(`/api/informes/exports/${id}/download`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return wb;
}
const cells = (wb: ExcelJS.Workbook, sheet: number, column: number) =>
  (wb.worksheets[sheet]?.getColumn(column).values ?? []).map((v) => String(v ?? ''));

describe('fichas report (GET /informes/fichasPersonas/{id}/{dateInit}/{dateEnd})', () => {
  it('401, 403, another company 404, bad period 400; the period and filters; json, xlsx, PDF and export', async () => {
    const id = t.companies.cl;
    const url = `/api/informes/fichasPersonas/${id}/2025-03-01/2025-03-31`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(url, 'frontdesk')).statusCode).toBe(403);
    expect((await get(`/api/informes/fichasPersonas/${t.companies.br}/2025-03-01/2025-03-31`)).statusCode).toBe(404);
    const reversed = await get(`/api/informes/fichasPersonas/${id}/2025-03-31/2025-03-01`);
    expect(reversed.json()).toMatchObject({ statusCode: 400, code: 'REPORT_RANGE_INVALID', field: 'dateInit' });
    expect((await get(`${url}?risk=extreme`)).statusCode).toBe(400);

    await ficha({ personType: 'natural', ...cl(), name: 'Marzo', fatherName: 'Uno' }, 5); // 15 March
    await ficha({ personType: 'legal', ...cl(), socialReason: 'Marzo Dos SpA' }, 1); // 19 March
    await ficha({ personType: 'natural', ...cl(), name: 'Febrero', fatherName: 'Fuera' }, 30); // 18 February
    await postFicha(
      t,
      {
        personType: 'natural',
        dni: '52998224725',
        dniType: { country: 'BR', document: 'CPF' },
        name: 'Outra',
      },
      { as: 'admin', company: 'br' },
    );

    const report = (await get(url)).json();
    expect(report.title).toBe('Informe de clientes');
    expect(report.period).toContain('01/03/2025');
    const totals = Object.fromEntries(report.tables[0].rows as [string, string][]);
    expect(totals).toMatchObject({ Clientes: '2', 'Personas naturales': '1', 'Personas jurídicas': '1' });
    expect(report.tables[1].rows.map((r: string[]) => r[0])).toEqual(['Marzo Dos SpA', 'Marzo Uno']);
    expect(report.tables[1].rows[1]).toEqual(
      expect.arrayContaining(['Persona natural', '15/03/2025', expect.stringMatching(/^\d+-[\dK]$/)]),
    );
    // the totals are GET /informes/fichasPersonas's, the rows /informes/fichasPersonasList's
    const q = 'from=2025-03-01T00:00:00.000Z&to=2025-03-31T23:59:59.999Z';
    expect((await get(`/api/informes/fichasPersonas?${q}`)).json().total).toBe(2);
    expect((await get(`/api/informes/fichasPersonasList?${q}`)).json().count).toBe(2);

    const legal = (await get(`${url}?personType=legal`)).json();
    expect(legal.tables[1].rows.map((r: string[]) => r[0])).toEqual(['Marzo Dos SpA']);
    expect(legal.period).toContain('Persona jurídica');

    const xlsx = await get(`${url}?format=xlsx`);
    expect(xlsx.headers['content-disposition']).toContain('fichas.xlsx');
    const pdf = await get(`${url}?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPageTexts(pdf.rawPayload)).join('\n');
    expect(text).toContain('Informe de clientes');
    expect(text).toContain('Marzo Dos SpA');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(1);

    const started = await t.post('admin', '/api/informes/exports', {
      report: 'fichas',
      from: '2025-03-01',
      to: '2025-03-31',
      options: { personType: 'natural' },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ report: 'fichas', options: { personType: 'natural' } });
    const wb = await drainExport(started.json().id);
    expect(cells(wb, 1, 1)).toContain('Marzo Uno');
    expect(cells(wb, 1, 1)).not.toContain('Marzo Dos SpA');
  });
});

describe('forms report in an export', () => {
  it('needs its form type; holds the type and "filled too" it was started with', async () => {
    const companyId = t.companies.cl;
    const add = (name: string, status: string) =>
      withTenant(t.deps.db, companyId, (trx) =>
        insertForm(trx, {
          companyId,
          type: 'formPep',
          dni: rut(),
          name,
          email: 'pep@example.test',
          language: 'es',
          status,
          template: JSON.stringify({}),
          data: JSON.stringify({}),
          files: JSON.stringify([]),
          steps: JSON.stringify([]),
          createdAt: new Date('2025-04-10T12:00:00Z'),
        }),
      );
    await add('Pep Firmado', 'signed');
    await add('Pep Completado', 'filled');
    const period = { from: '2025-04-01', to: '2025-04-30' };
    const missing = await t.post('admin', '/api/informes/exports', { report: 'forms', ...period });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'options.formType' });
    const bad = await t.post('admin', '/api/informes/exports', {
      report: 'forms',
      ...period,
      options: { formType: 'formXYZ' },
    });
    expect(bad.statusCode).toBe(400);

    const signed = await t.post('admin', '/api/informes/exports', {
      report: 'forms',
      ...period,
      options: { formType: 'formPep' },
    });
    expect(signed.json().options).toEqual({ formType: 'formPep', allowFilled: false });
    const withFilled = await t.post('admin', '/api/informes/exports', {
      report: 'forms',
      ...period,
      options: { formType: 'formPep', allowFilled: true, risk: 'high' },
    });
    // options another report needs are not kept
    expect(withFilled.json().options).toEqual({ formType: 'formPep', allowFilled: true });
    expect(cells(await drainExport(signed.json().id), 0, 1)).toEqual(expect.arrayContaining(['Pep Firmado']));
    const both = cells(await drainExport(withFilled.json().id), 0, 1);
    expect(both).toEqual(expect.arrayContaining(['Pep Firmado', 'Pep Completado']));
    const onlySigned = cells(await drainExport(signed.json().id), 0, 1);
    expect(onlySigned).not.toContain('Pep Completado');
  });
});
