import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readRows, type SheetRow } from './xlsx-rows';
import { streamableSheets } from './xlsx-zip';

/** A small workbook as exceljs writes it: a title, a header, a date and a number, a text. */
async function workbook(date1904 = false) {
  const wb = new ExcelJS.Workbook();
  if (date1904) wb.properties.date1904 = true;
  const ws = wb.addWorksheet('Datos');
  ws.addRow(['Título']);
  ws.addRow(['Fecha', 'Monto']);
  ws.addRow([new Date(Date.UTC(2018, 2, 1)), 602.5]);
  ws.addRow(['ND', 'texto']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The same parts stored again with the shared strings, the workbook's relations and the first sheet before the
 * others, the workbook part after them: the order exceljs' writer sometimes gives, which its streaming reader fails on.
 */
async function sheetFirst(buf: Buffer) {
  const from = await JSZip.loadAsync(buf);
  const to = new JSZip();
  const names = Object.keys(from.files).filter((n) => !from.files[n]?.dir);
  const first = ['xl/sharedStrings.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml'];
  const ordered = [...first, ...names.filter((n) => !first.includes(n))];
  for (const n of ordered) to.file(n, await (from.file(n) as JSZip.JSZipObject).async('nodebuffer'));
  return to.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function rowsOf(buf: Buffer) {
  const out: SheetRow[] = [];
  for await (const r of readRows(buf)) out.push(r);
  return out;
}

describe('reading a workbook row by row', () => {
  it('reads a sheet stored after the shared strings but before the workbook part, as in the usual order', async () => {
    const usual = await workbook();
    const odd = await sheetFirst(usual);
    expect(streamableSheets(usual)).toBe(true);
    expect(streamableSheets(odd)).toBe(false);
    const expected = [
      { number: 1, cells: ['Título'], formulas: [] },
      { number: 2, cells: ['Fecha', 'Monto'], formulas: [] },
      { number: 3, cells: [new Date(Date.UTC(2018, 2, 1)), 602.5], formulas: [] },
      { number: 4, cells: ['ND', 'texto'], formulas: [] },
    ];
    expect(await rowsOf(usual)).toEqual(expected);
    // the streaming reader failed on this order ("Cannot read properties of undefined (reading 'sheets')")
    expect(await rowsOf(odd)).toEqual(expected);
  });

  it('reads the dates of a 1904 workbook stored in that order as the day they are', async () => {
    const odd = await sheetFirst(await workbook(true));
    const rows = await rowsOf(odd);
    expect(rows[2]?.cells[0]).toEqual(new Date(Date.UTC(2018, 2, 1)));
  });
});
