import ExcelJS from 'exceljs';

/** Rows written between two progress reports of a large workbook (an export job). */
export const XLSX_PAGE_ROWS = 1000;

/**
 * A report as an .xlsx workbook: one sheet per table, bold headers, the title and period above each table. A large
 * workbook (an export job) is written in pages of XLSX_PAGE_ROWS rows; `onPage` hears the rows written so far.
 */
export async function reportWorkbook(
  title: string,
  period: string,
  tables: { sheet: string; columns: string[]; rows: (string | number)[][] }[],
  onPage?: (written: number, total: number) => Promise<void>,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const total = tables.reduce((n, t) => n + t.rows.length, 0);
  let written = 0;
  for (const t of tables) {
    const ws = wb.addWorksheet(t.sheet.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31));
    ws.addRow([title]).font = { bold: true, size: 14 };
    ws.addRow([period]);
    ws.addRow([]);
    ws.addRow(t.columns).font = { bold: true };
    for (let i = 0; i < t.rows.length; i += XLSX_PAGE_ROWS) {
      ws.addRows(t.rows.slice(i, i + XLSX_PAGE_ROWS));
      written += Math.min(XLSX_PAGE_ROWS, t.rows.length - i);
      await onPage?.(written, total);
    }
    // a loop, not Math.max(...rows): an export's hundreds of thousands of rows would overflow the call stack
    ws.columns.forEach((c, i) => {
      let width = Math.max(12, (t.columns[i] ?? '').length + 2);
      for (const r of t.rows) width = Math.max(width, String(r[i] ?? '').length + 2);
      c.width = Math.min(60, width);
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
