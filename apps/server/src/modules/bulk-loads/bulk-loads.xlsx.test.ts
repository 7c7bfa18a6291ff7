import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { utf8SafeXlsxReader } from '../../lib/xlsx-utf8';
import { readRows } from './bulk-loads.xlsx';

describe('reading an uploaded workbook', () => {
  it('keeps every accented character, also where a decompressed chunk ends inside one', async () => {
    // about 1.5 MB of sheet and shared-string XML made almost only of two-byte characters: the reader gets it in
    // dozens of chunks, and chunk ends fall inside a character many times
    const accents = 'ÁÉÍÓÚáéíóúÑñÇçÃãÕõÂâÊêÔôÜü';
    const names = Array.from({ length: 6_000 }, (_, i) => `${accents.slice(i % 7)}${accents} Gómez Núñez ${i}`);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Fichas');
    ws.addRow(['Nombre', 'Apellido']);
    for (const n of names) ws.addRow([n, `Muñoz Peña ${n.length}`]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());

    expect(utf8SafeXlsxReader()).toBe(true);
    const read: string[] = [];
    const surnames: string[] = [];
    for await (const row of readRows(buf)) {
      if (row.number === 1) continue;
      read.push(String(row.cells[0]));
      surnames.push(String(row.cells[1]));
    }
    expect(read.filter((n) => n.includes('\uFFFD'))).toEqual([]);
    expect(read).toEqual(names);
    expect(surnames.every((s) => s.startsWith('Muñoz Peña '))).toBe(true);
  });
});
