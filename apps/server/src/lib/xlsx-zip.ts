import zlib from 'node:zlib';
import { dataStart, directoryEntries, endOfDirectory, isZip, ZIP_TAIL_BYTES, type ZipEntry } from './zip-directory';

/*
 * The zip limits of every uploaded .xlsx (issue 22: the bulk loads and /files/archivo/reportes alike), checked before
 * anything parses the workbook: the zip's directory (entry count, declared sizes, compression ratio, a workbook
 * inside), then every entry inflated once with its real size counted. Used through lib/uploads.ts checkUpload.
 */

/** Entries a workbook may hold (a real one has a few dozen; each sheet, image or part is one). */
export const MAX_ZIP_ENTRIES = 10_000;

/** Uncompressed bytes a workbook may expand to, and the highest compression ratio of a large entry. */
export const MAX_UNCOMPRESSED = 400 * 1024 * 1024;
export const MAX_RATIO = 200;

export type FileProblem = 'FILE_FORMAT' | 'FILE_ZIP_BOMB';

/**
 * The entries of an .xlsx's zip when its directory is within the limits (entry count, the declared sizes summed, the
 * ratio of a large entry, a workbook inside; zip64 refused), or why it is refused.
 */
function workbookEntries(buf: Buffer): ZipEntry[] | FileProblem {
  const read = directoryOf(buf);
  if (typeof read === 'string') return read;
  let total = 0;
  for (const e of read) {
    if (e.size > 1024 * 1024 && e.size / Math.max(e.compressedSize, 1) > MAX_RATIO) return 'FILE_ZIP_BOMB';
    total += e.size;
    if (total > MAX_UNCOMPRESSED) return 'FILE_ZIP_BOMB';
  }
  return read.some((e) => e.name === 'xl/workbook.xml') ? read : 'FILE_FORMAT';
}

/** The entries of a zip held in memory (zip-directory.ts), or why it is refused. */
function directoryOf(buf: Buffer): ZipEntry[] | FileProblem {
  if (buf.length < 22 || !isZip(buf)) return 'FILE_FORMAT';
  const tailStart = Math.max(0, buf.length - ZIP_TAIL_BYTES);
  const end = endOfDirectory(buf.subarray(tailStart));
  // no end record is not a zip; a zip64 one (more entries or bytes than a workbook holds) is refused as too large
  if (!end) return 'FILE_FORMAT';
  if (end === 'zip64' || end.count > MAX_ZIP_ENTRIES) return 'FILE_ZIP_BOMB';
  const entries = directoryEntries(buf.subarray(end.offset, end.offset + end.size), end.count);
  if (entries === 'zip64') return 'FILE_ZIP_BOMB';
  return entries ?? 'FILE_FORMAT';
}

/**
 * Whether exceljs' streaming reader can read the workbook's sheets in the order its parts are stored. It reads a sheet
 * at once when the shared strings and the workbook's relations came before it, and needs the workbook part
 * (xl/workbook.xml: the sheet list, the date system) by then: a sheet stored after those two but before the workbook
 * part fails ("Cannot read properties of undefined (reading 'sheets')"). Otherwise it keeps the sheet aside and reads
 * it at the end, which works. exceljs' own writer stores them in that failing order now and then (its parts are added
 * as their promises settle: 2 of 400 workbooks written alike, 2 December 2026). False also when the directory cannot
 * be read (the upload check refuses such a file before).
 */
export function streamableSheets(buf: Buffer): boolean {
  const entries = directoryOf(buf);
  if (typeof entries === 'string') return false;
  const at = (name: string) => entries.find((e) => e.name === name)?.localOffset;
  const workbook = at('xl/workbook.xml');
  const strings = at('xl/sharedStrings.xml');
  const rels = at('xl/_rels/workbook.xml.rels');
  if (workbook === undefined) return false;
  return entries.every(
    (e) =>
      !/^xl\/worksheets\/sheet\d+\.xml$/.test(e.name) ||
      e.localOffset > workbook ||
      strings === undefined ||
      strings > e.localOffset ||
      rels === undefined ||
      rels > e.localOffset,
  );
}

/**
 * Inflates every entry of a workbook once, counting the bytes it really expands to: a zip that under-declares its
 * sizes (a bomb the directory check cannot see) or whose compressed data is not deflate (exceljs' streaming
 * reader waits forever on such an entry instead of failing) is refused before anything reads it. Null when every
 * entry inflates within its declared size and the limits; nothing is kept in memory but a chunk at a time.
 */
export async function xlsxContentProblem(buf: Buffer): Promise<FileProblem | null> {
  const entries = workbookEntries(buf);
  if (typeof entries === 'string') return entries;
  let total = 0;
  for (const e of entries) {
    const start = dataStart(buf.subarray(e.localOffset, e.localOffset + 30), e);
    if (start === null || start + e.compressedSize > buf.length) return 'FILE_FORMAT';
    const data = buf.subarray(start, start + e.compressedSize);
    if (e.method === 0) {
      if (e.compressedSize !== e.size) return 'FILE_FORMAT';
      total += e.size;
    } else if (e.method === 8) {
      const size = await inflatedSize(data, Math.min(e.size, MAX_UNCOMPRESSED - total));
      if (size === 'over') return 'FILE_ZIP_BOMB';
      if (size === 'corrupt' || size !== e.size) return 'FILE_FORMAT';
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
