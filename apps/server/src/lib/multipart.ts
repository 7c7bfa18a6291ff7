import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_PDF_BYTES, type UploadProblem } from './uploads';
import { isZip } from './zip-directory';

/** The one file of an upload, as the client sent it. */
export interface FileUpload {
  bytes: Buffer;
  filename: string;
}

/**
 * Reads the one file part of a multipart request, at most `maxBytes`. Answers the file, or why there is none:
 * FILE_REQUIRED (not multipart, no file part, or a file of 0 bytes) or FILE_TOO_LARGE (over the limit); each module
 * turns the problem into its own error, as with `checkUpload` (uploads.ts), which checks the content next.
 */
export async function readFilePart(
  req: FastifyRequest,
  maxBytes = MAX_PDF_BYTES,
): Promise<FileUpload | Extract<UploadProblem, 'FILE_REQUIRED' | 'FILE_TOO_LARGE'>> {
  const read = await readFileAndFields(req, maxBytes);
  return typeof read === 'string' ? read : read.file;
}

/**
 * `readFilePart` with the text fields sent before the file part (a form that sends its fields first, then the file).
 */
export async function readFileAndFields(
  req: FastifyRequest,
  maxBytes = MAX_PDF_BYTES,
): Promise<
  { file: FileUpload; fields: Record<string, string> } | Extract<UploadProblem, 'FILE_REQUIRED' | 'FILE_TOO_LARGE'>
> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: maxBytes + 1 } });
  } catch (err) {
    req.log.info({ err }, 'upload refused: no readable multipart file');
    return 'FILE_REQUIRED';
  }
  if (!part) return 'FILE_REQUIRED';
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    req.log.info({ err }, 'upload refused: the file could not be read whole');
    return 'FILE_TOO_LARGE';
  }
  if (part.file.truncated || bytes.length > maxBytes) return 'FILE_TOO_LARGE';
  if (bytes.length === 0) return 'FILE_REQUIRED';
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields ?? {})) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v && v.type === 'field' && typeof v.value === 'string') fields[name] = v.value;
  }
  return { file: { bytes, filename: part.filename }, fields };
}

/** A zip upload written to a temporary file as it arrived (decision 256): never held in memory. */
export interface SpooledZip {
  path: string;
  size: number;
  sha256: string;
  filename: string;
}

/**
 * The one file part of a request that may be a large zip (/public/verify: an inspector's zip, hundreds of MB with a
 * customer's documents). Told by its first bytes: a zip is written to a temporary file in `dir`, hashed as it
 * arrives, up to `zipMaxBytes`; anything else is read into memory up to `maxBytes`, as readFilePart does. `use` runs
 * with the upload, and the temporary file is removed when it ends, failed or not. FILE_TOO_LARGE names which limit.
 */
export async function withFileOrSpooledZip<T>(
  req: FastifyRequest,
  opts: { maxBytes: number; zipMaxBytes: number; dir: string },
  use: (upload: { bytes: Buffer } | { zip: SpooledZip }) => Promise<T>,
): Promise<T | Extract<UploadProblem, 'FILE_REQUIRED'> | { tooLarge: number }> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: Math.max(opts.maxBytes, opts.zipMaxBytes) + 1 } });
  } catch (err) {
    req.log.info({ err }, 'upload refused: no readable multipart file');
    return 'FILE_REQUIRED';
  }
  if (!part) return 'FILE_REQUIRED';
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headLength = 0;
  while (headLength < 4) {
    const r = await chunks.next();
    if (r.done) break;
    head.push(r.value);
    headLength += r.value.length;
  }
  const first = Buffer.concat(head);
  if (first.length === 0) return 'FILE_REQUIRED';
  const zip = isZip(first);
  const limit = zip ? opts.zipMaxBytes : opts.maxBytes;
  /** the rest of the part, counted; past the limit it is read and dropped (the request is consumed whole) */
  let size = first.length;
  const rest = async (keep: (c: Buffer) => Promise<void> | void) => {
    for (;;) {
      const r = await chunks.next();
      if (r.done) return;
      size += r.value.length;
      if (size <= limit) await keep(r.value);
    }
  };
  if (!zip) {
    const kept: Buffer[] = [first];
    await rest((c) => {
      kept.push(c);
    });
    if (size > limit || part.file.truncated) return { tooLarge: limit };
    return use({ bytes: Buffer.concat(kept, size) });
  }
  await mkdir(opts.dir, { recursive: true });
  const file = path.join(opts.dir, `verify-${randomUUID()}.zip`);
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  const write = async (c: Buffer) => {
    hash.update(c);
    if (!out.write(c)) await once(out, 'drain');
  };
  try {
    await write(first);
    await rest(write);
    out.end();
    await finished(out);
    if (size > limit || part.file.truncated) return { tooLarge: limit };
    return await use({ zip: { path: file, size, sha256: hash.digest('hex'), filename: part.filename } });
  } finally {
    out.destroy();
    await rm(file, { force: true });
  }
}

/**
 * Removes the temporary zips of checks that never ended (a process killed in the middle of one): `verify-*` files of
 * `dir` older than `olderThanMs`, so a check under way in another process sharing the folder is left alone. Run at
 * start; answers how many it removed.
 */
export async function sweepSpooledZips(dir: string, olderThanMs = 60 * 60 * 1000, now = Date.now()) {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith('verify-')) continue;
    const file = path.join(dir, name);
    let mtimeMs: number;
    try {
      ({ mtimeMs } = await stat(file));
    } catch (err) {
      // removed meanwhile: its check ended
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    if (now - mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
