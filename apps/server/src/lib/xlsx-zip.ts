import zlib from 'node:zlib';

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
  if (entries === 0xffff || p === 0xffffffff || entries > MAX_ZIP_ENTRIES) return 'FILE_ZIP_BOMB';
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
