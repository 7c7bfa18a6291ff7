import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { assertUtf8SafeXlsxReader } from '../../lib/xlsx-utf8';

/*
 * Reading an uploaded spreadsheet without holding it in memory: the zip's directory is checked first (an .xls
 * renamed .xlsx, a file that is not a workbook, a zip bomb), then the first sheet is streamed row by row with
 * exceljs' streaming reader. Cells become plain values: text, number, Date, or null.
 */

/** Uncompressed bytes a workbook may expand to, and the highest compression ratio of a large entry. */
export const MAX_UNCOMPRESSED = 400 * 1024 * 1024;
export const MAX_RATIO = 200;

export type FileProblem = 'FILE_FORMAT' | 'FILE_ZIP_BOMB';

/**
 * Checks the zip directory of an .xlsx: null when it is a workbook within the limits, else the problem. The
 * entries' declared sizes are summed (zip64 or an entry above the ratio is refused).
 */
export function xlsxProblem(buf: Buffer): FileProblem | null {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return 'FILE_FORMAT';
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'FILE_FORMAT';
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || p === 0xffffffff) return 'FILE_ZIP_BOMB';
  let total = 0;
  let workbook = false;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return 'FILE_FORMAT';
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    if (name === 'xl/workbook.xml') workbook = true;
    if (size === 0xffffffff || compressed === 0xffffffff) return 'FILE_ZIP_BOMB';
    if (size > 1024 * 1024 && size / Math.max(compressed, 1) > MAX_RATIO) return 'FILE_ZIP_BOMB';
    total += size;
    if (total > MAX_UNCOMPRESSED) return 'FILE_ZIP_BOMB';
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return workbook ? null : 'FILE_FORMAT';
}

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

/** Streams the rows of the first sheet (empty rows are skipped by the reader). */
export async function* readRows(buf: Buffer): AsyncGenerator<SheetRow> {
  assertUtf8SafeXlsxReader();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const ws of reader) {
    for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as unknown[]) ?? [];
      const cells: Cell[] = [];
      const formulas: number[] = [];
      for (let i = 1; i < values.length; i++) {
        const c = cellValue(values[i]);
        cells[i - 1] = c.value;
        if (c.formula) formulas.push(i - 1);
      }
      for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
      if (cells.every((c) => c === null) && formulas.length === 0) continue;
      yield { number: row.number, cells, formulas };
    }
    return;
  }
}

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
