import ExcelJS from 'exceljs';

/** A report as an .xlsx workbook: one sheet per table, bold headers, the title and period above each table. */
export async function reportWorkbook(
  title: string,
  period: string,
  tables: { sheet: string; columns: string[]; rows: (string | number)[][] }[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const t of tables) {
    const ws = wb.addWorksheet(t.sheet.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31));
    ws.addRow([title]).font = { bold: true, size: 14 };
    ws.addRow([period]);
    ws.addRow([]);
    ws.addRow(t.columns).font = { bold: true };
    for (const r of t.rows) ws.addRow(r);
    ws.columns.forEach((c, i) => {
      c.width = Math.min(
        60,
        Math.max(12, ...t.rows.map((r) => String(r[i] ?? '').length + 2), (t.columns[i] ?? '').length + 2),
      );
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
