import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { assertUtf8SafeXlsxReader } from './xlsx-utf8';
import { streamableSheets } from './xlsx-zip';

/*
 * Reading an uploaded spreadsheet without holding it in memory: the upload check (lib/uploads.ts checkUpload, with
 * the zip limits of lib/xlsx-zip.ts) refuses an .xls renamed .xlsx, a file that is not a workbook and a zip bomb
 * first; then the first sheet is streamed row by row with exceljs' streaming reader. Cells become plain values:
 * text, number, Date, or null.
 */

export type Cell = string | number | Date | null;

/** A cell as a plain value; a formula gives its computed result, `formula` marks one stored without a result. */
export function cellValue(v: unknown): { value: Cell; formula?: boolean } {
  if (v === null || v === undefined) return { value: null };
  if (typeof v === 'string') return { value: v.trim() === '' ? null : v.trim() };
  if (typeof v === 'number' || v instanceof Date) return { value: v };
  if (typeof v === 'boolean') return { value: v ? 'true' : 'false' };
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('formula' in o || 'sharedFormula' in o) {
      const r = o.result;
      if (r === undefined || r === null || (typeof r === 'object' && !(r instanceof Date)))
        return { value: null, formula: true };
      return cellValue(r);
    }
    if (Array.isArray(o.richText))
      return cellValue((o.richText as { text?: string }[]).map((t) => t.text ?? '').join(''));
    if (typeof o.text === 'string') return cellValue(o.text);
    if ('error' in o) return { value: null, formula: true };
  }
  return { value: String(v) };
}

export interface SheetRow {
  /** the spreadsheet's row number (1 is the header) */
  number: number;
  cells: Cell[];
  /** 0-based indexes of cells holding a formula without a result */
  formulas: number[];
}

/** The workbook could not be read (a corrupt zip, not a spreadsheet): the reader's own error is in `cause`. */
export class UnreadableWorkbookError extends Error {
  constructor(cause: unknown) {
    super('the workbook could not be read', { cause });
  }
}

/**
 * Streams the rows of the first sheet (empty rows are skipped by the reader). An error of the reader itself is an
 * UnreadableWorkbookError, so that a caller can tell a bad file from a failure of its own work between two rows.
 */
export async function* readRows(buf: Buffer): AsyncGenerator<SheetRow> {
  assertUtf8SafeXlsxReader();
  const rows = sheetRows(buf);
  for (;;) {
    let next: IteratorResult<SheetRow>;
    try {
      next = await rows.next();
    } catch (err) {
      throw new UnreadableWorkbookError(err);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** A row of the reader as plain cells; null for a row without a value or a formula (the reader skips those). */
function sheetRow(row: ExcelJS.Row): SheetRow | null {
  const values = (row.values as unknown[]) ?? [];
  const cells: Cell[] = [];
  const formulas: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const c = cellValue(values[i]);
    cells[i - 1] = c.value;
    if (c.formula) formulas.push(i - 1);
  }
  for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
  if (cells.every((c) => c === null) && formulas.length === 0) return null;
  return { number: row.number, cells, formulas };
}

/** The first sheet's rows of the workbook loaded whole (exceljs' reader of the whole file: parts in any order). */
async function wholeRows(buf: Buffer): Promise<SheetRow[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const rows: SheetRow[] = [];
  wb.worksheets[0]?.eachRow({ includeEmpty: false }, (row) => {
    const r = sheetRow(row);
    if (r) rows.push(r);
  });
  return rows;
}

async function* streamedRows(buf: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const ws of reader) {
    for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
      const r = sheetRow(row);
      if (r) yield r;
    }
    return;
  }
}

/**
 * Streamed, unless the parts are stored in an order the streaming reader fails on (xlsx-zip.ts), then loaded whole
 * (the upload check has bounded the file's size). The streaming reader also fails now and then on a workbook it
 * reads the next time (its workbook part not seen: 2 of 600 reads of small workbooks, 2 December 2026, decision
 * 313): the whole-file reader then reads the same bytes, and the rows already given are not given again. A file
 * neither reader can read is unreadable, with the streaming reader's error.
 */
async function* sheetRows(buf: Buffer): AsyncGenerator<SheetRow> {
  if (!streamableSheets(buf)) {
    yield* await wholeRows(buf);
    return;
  }
  let last = 0;
  try {
    for await (const r of streamedRows(buf)) {
      last = r.number;
      yield r;
    }
  } catch (streamed) {
    let rows: SheetRow[];
    try {
      rows = await wholeRows(buf);
    } catch {
      throw streamed;
    }
    for (const r of rows) if (r.number > last) yield r;
  }
}
