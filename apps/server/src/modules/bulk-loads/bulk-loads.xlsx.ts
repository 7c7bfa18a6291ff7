import ExcelJS from 'exceljs';

// reading an uploaded workbook row by row is lib/xlsx-rows.ts (the bulk loads' reader, also the Central Bank's rates)
export {
  type Cell,
  cellValue,
  readRows,
  type SheetRow,
  UnreadableWorkbookError,
} from '../../lib/xlsx-rows';

/** A workbook of sheets (name, rows) with a bold first row, as an .xlsx buffer (templates and error reports). */
export async function writeWorkbook(sheets: { name: string; rows: (string | number | null)[][]; widths?: number[] }[]) {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name.slice(0, 31));
    for (const r of s.rows) ws.addRow(r);
    ws.getRow(1).font = { bold: true };
    ws.columns.forEach((col, i) => {
      col.width = s.widths?.[i] ?? 22;
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
