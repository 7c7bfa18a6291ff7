import { translate } from '@regcheck/shared';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { pdfPages } from '../../../test/pdf-text';
import { documentsFrom, cashOperation as roeCashOperation } from '../../../test/roe-fixtures';
import { columnWidths } from './reports.pdf';
import { SHEET_KEYS } from './reports.tables';
import { checkSheetName, typedCell } from './reports.xlsx';

/*
 * Issue 27, point 3: the report files say whose they are and hold what a spreadsheet can compute with. Every PDF
 * names the company, the period, who generated it and when (in the company's time zone), and numbers its pages
 * with the company at the foot; a column's header never breaks inside a word. Every workbook carries the same head,
 * types its dates and amounts (decision 188), names its sheets within Excel's 31 characters by design (never cut),
 * and a report without rows says so in a sentence.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const docs = documentsFrom(61_000_000);
const get = (url: string, as = 'admin') => t.get(as, url);
const GENERATED = /^Generado el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2} \(hora de Chile\) por CL admin$/;

async function workbook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

/** The values of a sheet's first column, from the top (title, head lines, blank, header, rows). */
const firstColumn = (ws: ExcelJS.Worksheet) =>
  Array.from({ length: ws.rowCount }, (_, i) => ws.getRow(i + 1).getCell(1).value);

describe('a report PDF', () => {
  it('names the company, the period, who generated it and when; every foot has the company and the page', async () => {
    const res = await get(`/api/informes/resumen/${t.companies.cl}/2025-01-01/2025-12-31?format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const pages = await pdfPages(res.rawPayload);
    const texts = pages[0]?.items.map((i) => i.text) ?? [];
    expect(texts[0]).toBe('Informe resumen');
    expect(texts[1]).toBe('Demo Chile SpA');
    expect(texts).toContain('Período: 01/01/2025 al 31/12/2025');
    expect(
      texts.some((x) => GENERATED.test(x)),
      texts.join(' | '),
    ).toBe(true);
    pages.forEach((p, i) => {
      expect(p.items.slice(-2).map((x) => x.text)).toEqual(['Demo Chile SpA', `Página ${i + 1} de ${pages.length}`]);
    });
  });

  it('never breaks a column header inside a word (the forms report, ten columns on A4)', async () => {
    const res = await get(`/api/informes/FormDOF/${t.companies.cl}/2025-01-01/2025-12-31?format=pdf&allow_filled=true`);
    expect(res.statusCode, res.body).toBe(200);
    const texts = (await pdfPages(res.rawPayload))[0]?.items.map((i) => i.text) ?? [];
    const headers = [
      'name',
      'dni',
      'email',
      'codigo',
      'status',
      'createdAt',
      'sentAt',
      'openedAt',
      'filledAt',
      'signedAt',
    ].map((k) => translate('es', `reports:formsReport.${k}`));
    const words = new Set(texts.flatMap((x) => x.split(' ')));
    for (const h of headers) for (const w of h.split(' ')) expect(words, `"${w}" of "${h}"`).toContain(w);
  });

  it("sizes columns so that each is at least as wide as its header's longest word", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const columns = ['Completado', 'Nombre', 'Observación del oficial de cumplimiento', 'Monto'];
    const rows = [['x', 'María Fernanda de los Ángeles Pérez Soto', 'una observación larga '.repeat(20), '1.000']];
    const widths = columnWidths(font, bold, { columns, rows }, 400);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(400, 5);
    columns.forEach((c, i) => {
      const longest = Math.max(...c.split(' ').map((w) => bold.widthOfTextAtSize(w, 8)));
      expect(widths[i], c).toBeGreaterThan(longest);
    });
    // the long observation wraps instead of taking the page: it gets no more than 40% of it plus its share
    expect(widths[2]).toBeLessThan(400 * 0.6);
  });
});

describe('a report workbook', () => {
  it('types the ROE dates and amounts, names its sheet by design, and carries the company and who generated it', async () => {
    await roeCashOperation(t, { transactionDate: '2025-10-20', cash: 25_000_000, dni: docs.rut() });
    const res = await get('/api/informes/roe-uaf?from=2025-10-01&to=2025-12-31&format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const wb = await workbook(res.rawPayload);
    const ws = wb.getWorksheet(translate('es', 'reports:sheets.operations'));
    if (!ws) throw new Error(`sheets: ${wb.worksheets.map((w) => w.name).join(', ')}`);
    const head = firstColumn(ws).slice(0, 4);
    expect(head[1]).toBe('Demo Chile SpA');
    expect(String(head[2])).toMatch(/^Período: 01\/10\/2025 al 31\/12\/2025/);
    expect(String(head[3])).toMatch(GENERATED);
    const header = ws.getRow(6).values as unknown[];
    expect(header.slice(1, 3)).toEqual([
      translate('es', 'reports:columns.codigo'),
      translate('es', 'reports:columns.date'),
    ]);
    const row = ws.getRow(7);
    const date = row.getCell(2);
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString().slice(0, 10)).toBe('2025-10-20');
    expect(date.numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(7).value).toBe(25_000_000);
    expect(typeof row.getCell(8).value).toBe('number');
    expect(row.getCell(8).numFmt).toBe('"USD" #,##0.00');
    // the operation's number keeps its leading zeros: it is text
    expect(typeof row.getCell(1).value).toBe('string');
  });

  it('writes a negative ROE as a sentence under the headers, not as an empty table', async () => {
    const res = await get('/api/informes/roe-uaf?from=2019-01-01&to=2019-03-31&format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const wb = await workbook(res.rawPayload);
    const ws = wb.getWorksheet(translate('es', 'reports:sheets.operations'));
    expect(ws?.getRow(7).getCell(1).value).toBe(translate('es', 'reports:roe.negativeText'));
  });

  it('every sheet name of every report fits Excel in the three languages; a longer one is refused, never cut', () => {
    for (const locale of ['es', 'pt-BR', 'en'] as const) {
      for (const key of SHEET_KEYS) {
        const name = translate(locale, `reports:sheets.${key}`);
        expect(name, `${locale} ${key}`).not.toContain('sheets.');
        expect(() => checkSheetName(name), `${locale} ${key}: ${name}`).not.toThrow();
      }
      expect(() => checkSheetName(translate(locale, 'coaf:export.sheet'))).not.toThrow();
    }
    expect(() => checkSheetName('Denuncias por conflicto de interés')).toThrow(/31/);
    expect(() => checkSheetName('a/b')).toThrow();
  });

  it('types a cell only when its text reads back exactly as its kind', () => {
    expect(typedCell('000123', 'text').value).toBe('000123');
    expect(typedCell('000123', undefined).value).toBe('000123');
    expect(typedCell('12', 'count')).toEqual({ value: 12, numFmt: '#,##0' });
    expect(typedCell('1.234.567,5', 'amount')).toEqual({ value: 1234567.5, numFmt: '#,##0.00' });
    expect(typedCell('30.000.000', 'amount')).toEqual({ value: 30_000_000, numFmt: '#,##0' });
    expect(typedCell('—', 'amount').value).toBe('—');
    expect(typedCell('', 'amountUsd').value).toBe('');
    expect(typedCell('31/02/2026', 'date').value).toBe('31/02/2026');
    expect(typedCell('1.5', 'amount').value).toBe('1.5');
    const day = typedCell('05/03/2026', 'date');
    expect((day.value as Date).toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });
});
