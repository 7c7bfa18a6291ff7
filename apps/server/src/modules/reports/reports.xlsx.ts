import { parseAmount } from '@regcheck/shared/format/index';
import ExcelJS from 'exceljs';
import type { ColumnKind } from './reports.tables';

/** Rows written between two progress reports of a large workbook (an export job). */
export const XLSX_PAGE_ROWS = 1000;

/** Excel's own limit on a sheet's name: at most 31 characters, none of : \ / ? * [ ] */
export const SHEET_NAME_MAX = 31;

export interface WorkbookTable {
  sheet: string;
  columns: string[];
  rows: (string | number)[][];
  /** one per column: how the cells are typed (text when omitted; decision 188) */
  kinds?: ColumnKind[];
  /** the sentence written as the sheet's one row when there are none (a negative report says so in words) */
  empty?: string;
}

export interface WorkbookHead {
  title: string;
  /** the lines under the title: the period, the company, who generated the file and when */
  lines: string[];
}

/** A sheet name Excel accepts, or an error: names are short by design (reports:sheets.*), never cut. */
export function checkSheetName(name: string): string {
  if (!name || name.length > SHEET_NAME_MAX || /[:\\/?*[\]]/.test(name))
    throw new Error(
      `"${name}" is not a sheet name Excel accepts (at most ${SHEET_NAME_MAX} characters, no : \\ / ? * [ ])`,
    );
  return name;
}

const DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * A cell as the file stores it: a number or a date where the column's kind says so and the text reads back exactly
 * (formatDate's dd/mm/yyyy, formatAmount's 1.234,5, a whole number); anything else stays the text shown on screen.
 */
export function typedCell(
  value: string | number,
  kind: ColumnKind | undefined,
): { value: string | number | Date; numFmt?: string } {
  if (typeof value === 'number')
    return { value, numFmt: kind === 'count' ? '#,##0' : Number.isInteger(value) ? '#,##0' : '#,##0.00' };
  if (!kind || kind === 'text') return { value };
  const text = value.trim();
  if (kind === 'count') return /^-?\d+$/.test(text) ? { value: Number(text), numFmt: '#,##0' } : { value };
  if (kind === 'date') {
    const m = DAY.exec(text);
    if (!m) return { value };
    const [, d, mo, y] = m;
    const at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
    return at.getUTCDate() === Number(d) ? { value: at, numFmt: 'dd/mm/yyyy' } : { value };
  }
  const n = /\d/.test(text) ? parseAmount(text) : null;
  if (n === null) return { value };
  if (kind === 'amountUsd') return { value: n, numFmt: '"USD" #,##0.00' };
  return { value: n, numFmt: Number.isInteger(n) ? '#,##0' : '#,##0.00' };
}

/**
 * A report as an .xlsx workbook: one sheet per table, the title and the head's lines above each table, bold
 * headers, cells typed by their column's kind, the table's sentence when it has no rows. A large workbook (an
 * export job) is written in pages of XLSX_PAGE_ROWS rows; `onPage` hears the rows written so far.
 */
export async function reportWorkbook(
  head: WorkbookHead,
  tables: WorkbookTable[],
  onPage?: (written: number, total: number) => Promise<void>,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const total = tables.reduce((n, t) => n + t.rows.length, 0);
  let written = 0;
  for (const t of tables) {
    const ws = wb.addWorksheet(checkSheetName(t.sheet));
    ws.addRow([head.title]).font = { bold: true, size: 14 };
    for (const line of head.lines) ws.addRow([line]);
    ws.addRow([]);
    ws.addRow(t.columns).font = { bold: true };
    if (t.rows.length === 0 && t.empty) ws.addRow([t.empty]).font = { italic: true };
    for (let i = 0; i < t.rows.length; i += XLSX_PAGE_ROWS) {
      for (const r of t.rows.slice(i, i + XLSX_PAGE_ROWS)) {
        const typed = r.map((v, c) => typedCell(v, t.kinds?.[c]));
        const row = ws.addRow(typed.map((c) => c.value));
        typed.forEach((c, i) => {
          if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
        });
      }
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
