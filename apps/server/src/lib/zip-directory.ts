import { open } from 'node:fs/promises';
import { Inflate } from 'fflate';

/*
 * The one reader of a zip's central directory (decision 256): the .xlsx limits (xlsx-zip.ts) read it from the bytes
 * of an upload, /public/verify reads an inspector's zip from the temporary file it was written to (openZipFile), one
 * entry at a time and one chunk of an entry at a time, so a zip of hundreds of megabytes is never held in memory.
 * Zip64 is not read (RegCheck's own zips and workbooks never need it): such a zip is not one.
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** the end-of-directory record (22 bytes) and the longest comment after it */
export const ZIP_TAIL_BYTES = 22 + 65_535;

/** One entry of a zip's central directory. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate */
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Whether the bytes start as a zip does (a local file header). */
export const isZip = (head: Uint8Array) =>
  head.length >= 4 && Buffer.from(head.buffer, head.byteOffset, 4).readUInt32LE(0) === LOCAL;

/**
 * Where the central directory is, read from the last bytes of a zip; null when they hold no end record, 'zip64' when
 * it is marked as a zip64 one.
 */
export function endOfDirectory(tail: Buffer): { count: number; offset: number; size: number } | 'zip64' | null {
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      const count = tail.readUInt16LE(i + 10);
      const size = tail.readUInt32LE(i + 12);
      const offset = tail.readUInt32LE(i + 16);
      // zip64 marks
      if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return 'zip64';
      return { count, offset, size };
    }
  }
  return null;
}

/** The entries of a central directory (its bytes); null when it is not one, 'zip64' when an entry is one. */
export function directoryEntries(cd: Buffer, count: number): ZipEntry[] | 'zip64' | null {
  const out: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) return null;
    const nameLen = cd.readUInt16LE(p + 28);
    const entry = {
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
      name: cd.toString('utf8', p + 46, p + 46 + nameLen),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff)
      return 'zip64';
    out.push(entry);
    p += 46 + nameLen + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
  }
  return out;
}

/** Where an entry's data starts, from the first 30 bytes of its local header; null when they are not one. */
export function dataStart(localHeader: Buffer, entry: ZipEntry): number | null {
  if (localHeader.length < 30 || localHeader.readUInt32LE(0) !== LOCAL) return null;
  return entry.localOffset + 30 + localHeader.readUInt16LE(26) + localHeader.readUInt16LE(28);
}

/** A zip in a file, read an entry at a time. */
export interface ZipFile {
  entries: ZipEntry[];
  /**
   * Gives the entry's inflated bytes to `onChunk` a chunk at a time (1 MB of compressed data read at once, into one
   * buffer used again for the next chunk: a chunk is valid only during its call, and a caller that keeps it copies
   * it); 'corrupt' when its data is not what the directory says (not deflate, past the file, another method). An
   * error thrown by onChunk (a limit reached) stops the reading and reaches the caller.
   */
  read(entry: ZipEntry, onChunk: (chunk: Uint8Array) => void): Promise<'ok' | 'corrupt'>;
  close(): Promise<void>;
}

const CHUNK = 1024 * 1024;
/** the largest central directory openZipFile reads (some 100,000 entries with long names) */
const MAX_DIRECTORY_BYTES = 32 * 1024 * 1024;

/** Opens a zip file; null when it is not one (no end record, a directory that does not read, zip64). */
export async function openZipFile(path: string): Promise<ZipFile | null> {
  const fh = await open(path, 'r');
  /** the handle is the ZipFile's once it is answered; closed here on any other way out */
  let handedOver = false;
  try {
    const { size } = await fh.stat();
    const readAt = async (pos: number, length: number) => {
      const buf = Buffer.allocUnsafe(length);
      const { bytesRead } = await fh.read(buf, 0, length, pos);
      return buf.subarray(0, bytesRead);
    };
    const tailLen = Math.min(size, ZIP_TAIL_BYTES);
    const end = endOfDirectory(await readAt(size - tailLen, tailLen));
    // a directory larger than any real one (a few hundred bytes per entry) is not read into memory
    if (!end || end === 'zip64' || end.offset + end.size > size || end.size > MAX_DIRECTORY_BYTES) return null;
    const entries = directoryEntries(await readAt(end.offset, end.size), end.count);
    if (!entries || entries === 'zip64') return null;
    handedOver = true;
    return {
      entries,
      async read(entry, onChunk) {
        const start = dataStart(await readAt(entry.localOffset, 30), entry);
        if (start === null || start + entry.compressedSize > size) return 'corrupt';
        if (entry.method !== 0 && entry.method !== 8) return 'corrupt';
        const inflate = entry.method === 8 ? new Inflate((chunk) => onChunk(chunk)) : null;
        // one buffer for the whole entry (fflate copies what it keeps of its input): reading a zip of hundreds of MB
        // leaves no megabyte of garbage per chunk behind it
        const buf = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, entry.compressedSize)));
        let at = 0;
        try {
          do {
            const n = Math.min(CHUNK, entry.compressedSize - at);
            const { bytesRead } = await fh.read(buf, 0, n, start + at);
            if (bytesRead < n) return 'corrupt';
            const chunk = buf.subarray(0, n);
            at += n;
            if (inflate) inflate.push(chunk, at >= entry.compressedSize);
            else if (n) onChunk(chunk);
          } while (at < entry.compressedSize);
        } catch (err) {
          // fflate's errors carry a numeric code; anything else (the caller's own, thrown from onChunk) goes on
          if (typeof (err as { code?: unknown }).code === 'number') return 'corrupt';
          throw err;
        }
        return 'ok';
      },
      close: () => fh.close(),
    };
  } finally {
    if (!handedOver) await fh.close();
  }
}
