import { Readable } from 'node:stream';
import zlib from 'node:zlib';
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

/**
 * Inflates every entry of a workbook once, counting the bytes it really expands to: a zip that under-declares its
 * sizes (a bomb the directory check cannot see) or whose compressed data is not deflate (exceljs' streaming
 * reader waits forever on such an entry instead of failing) is refused before anything reads it. Null when every
 * entry inflates within its declared size and the limits; nothing is kept in memory but a chunk at a time.
 */
export async function xlsxContentProblem(buf: Buffer): Promise<FileProblem | null> {
  const first = xlsxProblem(buf);
  if (first) return first;
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const declared = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) return 'FILE_FORMAT';
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) return 'FILE_FORMAT';
    const data = buf.subarray(start, start + compressed);
    if (method === 0) {
      if (compressed !== declared) return 'FILE_FORMAT';
      total += declared;
    } else if (method === 8) {
      const size = await inflatedSize(data, Math.min(declared, MAX_UNCOMPRESSED - total));
      if (size === 'over') return 'FILE_ZIP_BOMB';
      if (size === 'corrupt' || size !== declared) return 'FILE_FORMAT';
      total += size;
    } else return 'FILE_FORMAT';
    if (total > MAX_UNCOMPRESSED) return 'FILE_ZIP_BOMB';
  }
  return null;
}

/** The inflated size of raw deflate data, 'over' past `limit` bytes, 'corrupt' when it is not deflate data. */
function inflatedSize(data: Buffer, limit: number): Promise<number | 'over' | 'corrupt'> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflateRaw();
    let size = 0;
    let settled = false;
    const done = (v: number | 'over' | 'corrupt') => {
      if (settled) return;
      settled = true;
      resolve(v);
      inflate.destroy();
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) done('over');
    });
    inflate.on('error', () => done('corrupt'));
    inflate.on('end', () => done(size));
    inflate.end(data);
  });
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

async function* sheetRows(buf: Buffer): AsyncGenerator<SheetRow> {
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
