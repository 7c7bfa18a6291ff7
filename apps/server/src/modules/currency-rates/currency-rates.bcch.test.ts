import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { parseBcchFile } from './currency-rates.bcch';

/** The Central Bank's observed dollar file (issue 23, point 3): our fixture in the BDE download layout. */
const FIXTURE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/bcch-dolar-observado.csv'));

const EXPECTED = [
  { fecha: '2018-03-01', perUsd: 602.5 },
  { fecha: '2018-03-02', perUsd: 603.11 },
  { fecha: '2018-03-05', perUsd: 604.28 },
  { fecha: '2018-03-06', perUsd: 605.02 },
  { fecha: '2018-03-07', perUsd: 603.79 },
  { fecha: '2018-03-08', perUsd: 602.95 },
  { fecha: '2018-03-09', perUsd: 604.16 },
];

/** The same series as an .xlsx of the BDE layout: title rows, the header, date cells and numbers. */
async function bcchWorkbook(rows: [Date | string, number | string][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Cuadro');
  ws.addRow(['Banco Central de Chile - Base de Datos Estadísticos']);
  ws.addRow(['Tipo de cambio nominal (dólar observado $CLP/USD)']);
  ws.addRow([]);
  ws.addRow(['Periodo', '1.Dólar observado']);
  for (const r of rows) ws.addRow(r);
  ws.addRow(['Fuente: Banco Central de Chile']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
const HEAD = ['"Tipo de cambio nominal (dólar observado $CLP/USD)"', '', '"Periodo";"1.Dólar observado"'];

async function refusal(bytes: Buffer) {
  try {
    await parseBcchFile(bytes);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    return { code: e.code, field: e.field, params: e.params };
  }
  throw new Error('the file was accepted');
}

describe('the Banco Central de Chile observed dollar file', () => {
  it('reads the BDE CSV: every day with a value, a day marked ND skipped, the title and source lines ignored', async () => {
    expect(await parseBcchFile(FIXTURE)).toEqual(EXPECTED);
  });

  it('reads the same series from an .xlsx with date cells, and from a comma-separated CSV with ISO dates', async () => {
    const xlsx = await bcchWorkbook([
      [new Date(Date.UTC(2018, 2, 1)), 602.5],
      [new Date(Date.UTC(2018, 2, 2)), 603.11],
      [new Date(Date.UTC(2018, 2, 3)), 'ND'],
      [new Date(Date.UTC(2018, 2, 5)), 604.28],
    ]);
    expect(await parseBcchFile(xlsx)).toEqual(EXPECTED.slice(0, 3));
    const comma = csv(['Periodo,Dólar observado', '2018-03-01,602.50', '2018-03-02,"603,11"']);
    expect(await parseBcchFile(comma)).toEqual(EXPECTED.slice(0, 2));
  });

  it('a bad file is refused with the problem named: its format, the missing series, the row and value that are wrong', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF');
    expect(await refusal(pdf)).toMatchObject({ code: 'RATES_FILE_FORMAT', field: 'file' });
    const otherSeries = csv(['"Periodo";"1.Unidad de fomento (UF)"', '"01.03.2018";"26.966,89"']);
    expect(await refusal(otherSeries)).toMatchObject({ code: 'RATES_FILE_NO_SERIES' });
    const badDate = csv([...HEAD, '"01.03.2018";"602,50"', '"31.02.2018";"603,11"']);
    expect(await refusal(badDate)).toMatchObject({
      code: 'RATES_FILE_BAD_DATE',
      params: { row: 5, value: '31.02.2018' },
    });
    const badValue = csv([...HEAD, '"01.03.2018";"seiscientos"']);
    expect(await refusal(badValue)).toMatchObject({
      code: 'RATES_FILE_BAD_VALUE',
      params: { row: 4, value: 'seiscientos' },
    });
    // dollars per peso, not pesos per dollar: out of any plausible observed dollar
    const inverted = csv([...HEAD, '"01.03.2018";"0,00166"']);
    expect(await refusal(inverted)).toMatchObject({ code: 'RATES_FILE_BAD_VALUE', params: { row: 4 } });
    const twice = csv([...HEAD, '"01.03.2018";"602,50"', '"01.03.2018";"603,00"']);
    expect(await refusal(twice)).toMatchObject({
      code: 'RATES_FILE_DUPLICATE_DATE',
      params: { row: 5, value: '01.03.2018', first: 4 },
    });
    const nothing = csv([...HEAD, '"03.03.2018";"ND"', '"04.03.2018";""']);
    expect(await refusal(nothing)).toMatchObject({ code: 'RATES_FILE_EMPTY' });
    const badCell = await bcchWorkbook([[new Date(Date.UTC(2018, 2, 1)), 'n/a?']]);
    expect(await refusal(badCell)).toMatchObject({ code: 'RATES_FILE_BAD_VALUE', params: { row: 5 } });
  });

  it('a rate cell holding an error (#N/A) is refused naming its row, never read as “[object Object]” nor skipped as a day without a value', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Cuadro');
    ws.addRow(['Periodo', '1.Dólar observado']);
    ws.addRow([new Date(Date.UTC(2018, 2, 1)), 602.5]);
    ws.addRow([new Date(Date.UTC(2018, 2, 2)), { formula: 'NA()', result: { error: '#N/A' } } as ExcelJS.CellValue]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await refusal(bytes)).toMatchObject({
      code: 'RATES_FILE_BAD_VALUE',
      field: 'file',
      params: { row: 3, value: '=…' },
    });
  });

  it('a CSV saved by a spreadsheet in Windows-1252, with a quoted field across lines before the header, is read', async () => {
    const text = [
      '"Tipo de cambio nominal (d\u00f3lar observado)\nnota"',
      '"Periodo";"1.D\u00f3lar observado"',
      '"01.03.2018";"602,50"',
    ].join('\r\n');
    expect(await parseBcchFile(Buffer.from(text, 'latin1'))).toEqual(EXPECTED.slice(0, 1));
  });
});
