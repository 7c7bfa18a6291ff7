import { rutCheckDigit } from '@regcheck/shared/documents/index';
import ExcelJS from 'exceljs';
import { type PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';
import { fileReport, PNG } from '../allegations/allegations.test-helpers';
import { fixture } from '../lists/fixtures/import-fixture';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

let seq = 24_500_000;
function rut() {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
}
const today = new Date().toISOString().slice(0, 10);
const get = (url: string, as = 'admin', company: 'cl' | 'br' = 'cl') => t.get({ as, company }, url);
const officer = (company = t.companies.cl, from = today, to = today) =>
  `/api/informes/oficial-cumplimiento/${company}/${from}/${to}`;
const conflict = (company = t.companies.cl, from = today, to = today) =>
  `/api/informes/conflicto-interes/${company}/${from}/${to}`;

/** The figure of a row of the first table by its label. */
function figure(report: { tables: { rows: string[][] }[] }, label: string) {
  const row = report.tables[0]?.rows.find((r) => r[0] === label);
  expect(row, label).toBeDefined();
  return Number(row?.[1]);
}

async function sheetRows(raw: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.eachSheet((ws) => {
    ws.eachRow((row) => {
      out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
  });
  return out;
}

describe('GET /api/informes/oficial-cumplimiento', () => {
  it("401, 403 for a role without mainPanel, 404 for another company's id, 400 on bad dates", async () => {
    expect((await t.call({ method: 'GET', url: officer() })).statusCode).toBe(401);
    expect((await get(officer(), 'frontdesk')).statusCode).toBe(403);
    const other = await get(officer(t.companies.br));
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('COMPANY_NOT_FOUND');
    const reversed = await get(officer(t.companies.cl, '2026-05-01', '2026-04-01'));
    expect(reversed.json()).toMatchObject({ statusCode: 400, code: 'REPORT_RANGE_INVALID', field: 'dateInit' });
    expect((await get(officer(t.companies.cl, '2000-01-01', '2026-01-01'))).json().code).toBe('REPORT_RANGE_TOO_LONG');
    expect((await get(officer(t.companies.cl, '2026-02-30', '2026-03-01'))).json().code).toBe('REPORT_DATE_INVALID');
    expect((await get(`${officer()}?format=doc`)).statusCode).toBe(400);
  });

  it('counts the screening, customers, high risk, ROE, risk change and conflict report the test creates', async () => {
    const before = (await get(officer())).json();
    const search = await t.post('admin', '/api/search/individual', { name: 'Nadie Inexistente Zzyzx' });
    expect(search.statusCode, search.body).toBe(200);
    const dni = rut();
    const f = await postFicha(t, {
      personType: 'natural',
      dni,
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Marta',
      fatherName: 'Olivares',
      nationality: 'CL',
    });
    const overwrite = await t.patch('admin', `/api/fichas-clientes/${f.json().id}/risk`, {
      overwrittenRisk: 'high',
      reason: 'Revisión del directorio',
    });
    expect(overwrite.statusCode, overwrite.body).toBe(200);
    const op = await t.post('admin', '/api/consultations', {
      transactionType: 'Compraventa',
      transactionDate: today,
      divisa: 'CLP',
      associates: [
        {
          dni: rut(),
          type: 'natural',
          monto: 30_000_000,
          efective: 20_000_000,
          newFicha: { name: 'Luis', fatherName: 'Vera', nationality: 'CL' },
        },
      ],
    });
    expect(op.statusCode, op.body).toBe(200);
    const filed = await fileReport(t, { category: 'conflictOfInterest' });
    expect(filed.statusCode, filed.body).toBe(200);

    const after = (await get(officer())).json();
    expect(after.title).toBe('Informe del oficial de cumplimiento');
    const delta = (label: string) => figure(after, label) - figure(before, label);
    expect(delta('Búsquedas en listas realizadas')).toBe(1);
    expect(delta('Clientes creados')).toBe(2);
    expect(delta('Clientes de riesgo alto')).toBe(1);
    expect(delta('Operaciones creadas')).toBe(1);
    expect(delta('Operaciones en efectivo (ROE)')).toBe(1);
    expect(delta('Cambios de riesgo de clientes')).toBe(1);
    expect(delta('Denuncias por conflicto de interés')).toBe(1);
    const change = after.tables[1].rows.find((r: string[]) => r[2] === dni);
    expect(change).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      'Marta Olivares',
      dni,
      'Bajo',
      'Alto',
      'Riesgo asignado manualmente',
    ]);

    const xlsx = await get(`${officer()}?format=xlsx`);
    expect(xlsx.headers['content-disposition']).toContain('oficial-cumplimiento.xlsx');
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows.some((r) => r.includes(dni) && r.includes('Alto'))).toBe(true);
    const pdf = await get(`${officer()}?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);

    const empty = (await get(officer(t.companies.cl, '2019-01-01', '2019-01-31'))).json();
    expect(figure(empty, 'Cambios de riesgo de clientes')).toBe(0);
    expect(empty.tables[1]).toMatchObject({ rows: [], empty: 'Ningún cliente cambió de riesgo en el período.' });
  });

  it('names the lists that screened the company with their version, date, age and state; an old one is stale (decision 225)', async () => {
    // the OFAC file of 3 May 2024, uploaded today
    const imported = await t.post('superAdmin', '/api/lists/ofac/import', {
      content: fixture('ofac-small.csv'),
      label: 'OFAC SDN 2024-05-03',
      publishedOn: '2024-05-03',
    });
    expect(imported.statusCode, imported.body).toBe(202);
    await t.deps.queue.drain();
    const lists = async (company: 'cl' | 'br' = 'cl') => {
      const r = await get(officer(t.companies[company]), 'admin', company);
      expect(r.statusCode, r.body).toBe(200);
      const table = (r.json() as { tables: { key: string; columns: string[]; rows: string[][] }[] }).tables.find(
        (x) => x.key === 'lists',
      );
      expect(table, company).toBeDefined();
      return table as { columns: string[]; rows: string[][] };
    };
    const es = await lists();
    expect(es.columns).toEqual(['Lista', 'Versión', 'Fecha de la versión', 'Antigüedad (días)', 'Estado']);
    const days = Math.floor((Date.now() - Date.parse('2024-05-03T00:00:00Z')) / 86_400_000);
    const ofac = es.rows.find((r) => r[2] === '03/05/2024');
    expect(ofac, JSON.stringify(es.rows)).toBeDefined();
    expect(Number(ofac?.[3])).toBeGreaterThanOrEqual(days - 1);
    expect(ofac?.[4]).toBe('Desactualizada');
    // every state in words, never a key (an empty list says so)
    for (const r of es.rows) expect(['Vigente', 'Desactualizada', 'Vacía']).toContain(r[4]);
    // in the reader's language: the Brazilian company reads Portuguese
    const pt = await lists('br');
    expect(pt.columns[3]).toBe('Idade (dias)');
    expect(pt.rows.find((r) => r[2] === '03/05/2024')?.[4]).toBe('Desatualizada');
    expect(JSON.stringify(pt.rows)).not.toMatch(/screening:|freshness\./);
  });
});

describe('GET /api/informes/conflicto-interes', () => {
  it("401, 403, 404 for another company's id, 400 on bad dates", async () => {
    expect((await t.call({ method: 'GET', url: conflict() })).statusCode).toBe(401);
    expect((await get(conflict(), 'frontdesk')).statusCode).toBe(403);
    expect((await get(conflict(t.companies.br))).statusCode).toBe(404);
    expect((await get(conflict(t.companies.cl, '2026-05-01', '2026-04-01'))).json().code).toBe('REPORT_RANGE_INVALID');
    expect((await get(conflict(t.companies.cl, '2026-13-01', '2026-12-31'))).json().code).toBe('REPORT_DATE_INVALID');
  });

  it('counts the conflict-of-interest reports of the period (not the other categories) and names none of them', async () => {
    const before = (await get(conflict())).json();
    const a = await fileReport(t, { category: 'conflictOfInterest', description: 'Proveedor pariente del gerente.' });
    expect(a.statusCode, a.body).toBe(200);
    const fraud = await fileReport(t, { category: 'fraud' });
    expect(fraud.statusCode, fraud.body).toBe(200);
    const res = await get(conflict());
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(figure(after, 'Denuncias recibidas') - figure(before, 'Denuncias recibidas')).toBe(1);
    expect(figure(after, 'Denuncias abiertas') - figure(before, 'Denuncias abiertas')).toBe(1);
    // the company administrator reads figures only: no report id, no state, no reporter of any one report
    const code = a.json().id_denuncia as string;
    expect(after.tables).toHaveLength(1);
    expect(res.body).not.toContain(code);
    expect(res.body).not.toContain('Proveedor pariente');
    expect(res.body).not.toContain('Anónimo');

    const xlsx = await get(`${conflict()}?format=xlsx`);
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows.some((r) => r.includes('Denuncias recibidas'))).toBe(true);
    expect(rows.some((r) => r.some((c) => c.includes(code)))).toBe(false);
    const pdf = await get(`${conflict()}?format=pdf`);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);
    const empty = (await get(conflict(t.companies.cl, '2019-01-01', '2019-01-31'))).json();
    expect(figure(empty, 'Denuncias recibidas')).toBe(0);
  });
});

/** Whether a PDF holds an image (the company logo). */
async function hasImage(raw: Buffer) {
  const doc = await PDFDocument.load(raw);
  return doc.context
    .enumerateIndirectObjects()
    .some(([, o]) => o instanceof PDFStream && (o.dict as PDFDict).get(PDFName.of('Subtype')) === PDFName.of('Image'));
}

describe('the company logo in the report PDFs', () => {
  it('a report PDF carries the logo once the company has one, and goes without it before', async () => {
    expect(await hasImage((await get(`${officer()}?format=pdf`)).rawPayload)).toBe(false);
    const boundary = '----reportlogo';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.call({
      as: 'superAdmin',
      method: 'PATCH',
      url: `/api/companies/addlogo/${t.companies.cl}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await hasImage((await get(`${officer()}?format=pdf`)).rawPayload)).toBe(true);
    expect(await hasImage((await get(`${conflict()}?format=pdf`)).rawPayload)).toBe(true);
    const xlsx = await get(`${conflict()}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
  });
});

describe('GET /api/informes/validadorcpfcnpj', () => {
  const url = (company = t.companies.br, from = today, to = today) =>
    `/api/informes/validadorcpfcnpj/${company}/${from}/${to}`;
  it("401, 403, 404 for another company's id, 400 on bad dates", async () => {
    expect((await t.call({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await get(url(), 'frontdesk', 'br')).statusCode).toBe(403);
    expect((await get(url(t.companies.cl), 'admin', 'br')).statusCode).toBe(404);
    expect((await get(url(t.companies.br, '2026-05-01', '2026-04-01'), 'admin', 'br')).json().code).toBe(
      'REPORT_RANGE_INVALID',
    );
  });

  it('lists the registry lookup the test makes with its outcome, in json, xlsx and PDF', async () => {
    const before = (await get(url(), 'admin', 'br')).json();
    const f = await postFicha(
      t,
      {
        personType: 'legal',
        dni: '44.038.188/0001-32',
        dniType: { country: 'BR' },
        socialReason: 'Alfa Ltda',
      },
      { as: 'admin', company: 'br' },
    );
    const lookup = await t.get({ as: 'frontdesk', company: 'br' }, `/api/person-records/${f.json().id}/registry`);
    expect(lookup.json()).toMatchObject({ state: 'notConfigured' });
    const after = (await get(url(), 'admin', 'br')).json();
    expect(Number(after.tables[0].rows[0][1]) - Number(before.tables[0].rows[0][1])).toBe(1);
    const row = after.tables[1].rows.find((r: string[]) => r[1] === 'Alfa Ltda');
    expect(row?.[2]).toBe('44038188000132');
    expect(['Proveedor no configurado', 'Provedor não configurado', 'Provider not configured']).toContain(row?.[3]);
    const xlsx = await get(`${url()}?format=xlsx`, 'admin', 'br');
    expect((await sheetRows(xlsx.rawPayload)).some((r) => r.includes('Alfa Ltda'))).toBe(true);
    const pdf = await get(`${url()}?format=pdf`, 'admin', 'br');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);
  });
});
