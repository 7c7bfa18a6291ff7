import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FileStore } from '../../lib/files';
import { openZipFile, type ZipEntry } from '../../lib/zip-directory';

/**
 * The inspector's zip (issue 28): its parts written one after another straight to the file store (fflate's
 * streaming Zip into the store's putStream), each part hashed as it is written, and last `manifest.json` with the
 * SHA-256 and size of every part. Memory holds one part (or one chunk of a streamed part) at a time, never the zip.
 * `checkManifestFile` is the other side: given a zip, each part against the manifest it carries.
 */

export const MANIFEST = 'manifest.json';
export const MANIFEST_FORMAT = 'regcheck-inspection/1';

export interface ManifestPart {
  path: string;
  sha256: string;
  size: number;
  /** what the part is, in the file's language */
  description: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  kind: 'customer' | 'period';
  id: string;
  company: string;
  generatedAt: string;
  period: { from: string; to: string } | null;
  parts: ManifestPart[];
}

/** Bytes buffered ahead of the store before a writer waits for it to drain. */
const HIGH_WATER = 4 * 1024 * 1024;

export class ZipWriter {
  private readonly out = new PassThrough({ highWaterMark: 1024 * 1024 });
  private readonly zip: Zip;
  private readonly stored: Promise<void>;
  private failure: Error | null = null;
  readonly parts: ManifestPart[] = [];
  size = 0;

  constructor(files: FileStore, key: string) {
    this.stored = files.putStream(key, this.out);
    // a store failure surfaces at the next write or at finish, never as an unhandled rejection
    this.stored.catch((err: Error) => {
      this.failure = err;
    });
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure = err;
        this.out.destroy(err);
        return;
      }
      this.size += chunk.length;
      this.out.write(chunk);
      if (final) this.out.end();
    });
  }

  private async drained() {
    if (this.failure) throw this.failure;
    if (this.out.writableLength > HIGH_WATER) await once(this.out, 'drain');
  }

  /** A part whose bytes are at hand (a PDF, a document); compressed unless it is already (PDF, images). */
  async add(path: string, bytes: Uint8Array, description: string, compress = true) {
    const entry = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
    this.zip.add(entry);
    entry.push(bytes, true);
    this.parts.push({
      path,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
      description,
    });
    await this.drained();
  }

  /**
   * A part written a chunk at a time (a JSON, a document read from the store): hashed and compressed as it goes
   * (stored as it is when `compress` is false: a PDF, an image).
   */
  async addStream(path: string, chunks: AsyncIterable<string | Uint8Array>, description: string, compress = true) {
    const entry = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
    this.zip.add(entry);
    const hash = createHash('sha256');
    let size = 0;
    const enc = new TextEncoder();
    for await (const c of chunks) {
      const bytes = typeof c === 'string' ? enc.encode(c) : c;
      hash.update(bytes);
      size += bytes.length;
      entry.push(bytes, false);
      await this.drained();
    }
    entry.push(new Uint8Array(0), true);
    this.parts.push({ path, sha256: hash.digest('hex'), size, description });
    await this.drained();
  }

  /** Writes the manifest last and closes the zip; answers the manifest's SHA-256 and the zip's size. */
  async finish(head: Omit<Manifest, 'parts' | 'format'>) {
    const manifest: Manifest = { format: MANIFEST_FORMAT, ...head, parts: [...this.parts] };
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    const entry = new ZipDeflate(MANIFEST, { level: 6 });
    this.zip.add(entry);
    entry.push(bytes, true);
    this.zip.end();
    await this.stored;
    if (this.failure) throw this.failure;
    return { manifestSha256: createHash('sha256').update(bytes).digest('hex'), size: this.size, manifest };
  }

  /** Stops a zip that will not be finished (the store keeps nothing: putStream writes beside, then renames). */
  abort(err: Error) {
    this.zip.terminate();
    this.out.destroy(err);
  }
}

/**
 * A value as JSON a piece at a time: objects and arrays down to `depth` levels are written key by key and element by
 * element, anything deeper (or a Date, a string, a number) with JSON.stringify. So a ficha's thousands of operations
 * or history rows never become one string. The result parses to what JSON.stringify(value) gives.
 */
export function* jsonChunks(value: unknown, depth = 4): Generator<string> {
  const plain = (v: unknown) =>
    v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
  if (depth <= 0 || !plain(value)) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (const [i, v] of value.entries()) {
      if (i) yield ',\n';
      yield* jsonChunks(v === undefined || typeof v === 'function' ? null : v, depth - 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    yield `${first ? '' : ',\n'}${JSON.stringify(k)}:`;
    first = false;
    yield* jsonChunks(v, depth - 1);
  }
  yield '}';
}

/**
 * Limits of a zip given to /public/verify (decisions 256, 269): entries, the manifest's size, and the bytes inflated
 * in all: twice the largest zip taken (a customer's documents are stored as they are, its JSON inflates a few
 * times), never under 1 GB.
 */
const MAX_PARTS = 5_000;
const MIN_INFLATED = 1024 * 1024 * 1024;
const MAX_MANIFEST = 16 * 1024 * 1024;

export type ManifestCheck =
  | { ok: false; reason: 'notAZip' | 'noManifest' | 'tooLarge' }
  | {
      ok: true;
      manifest: Manifest;
      manifestSha256: string;
      parts: { path: string; status: 'unchanged' | 'changed' | 'missing' | 'extra' }[];
      pdf: Uint8Array | null;
    };

/** Past the inflated limit or MAX_MANIFEST: the zip is refused as too large. */
class OverLimit extends Error {}

/**
 * Every part of a zip in a file against the manifest it carries: each entry inflated a chunk at a time and hashed
 * as it goes (zip-directory.ts), so memory holds the manifest, the file's PDF (for its signature) and one chunk.
 */
export async function checkManifestFile(
  file: string,
  pdfPath: (m: Manifest) => string | undefined,
  zipMaxBytes = 0,
): Promise<ManifestCheck> {
  const zip = await openZipFile(file);
  if (!zip) return { ok: false, reason: 'notAZip' };
  const maxInflated = Math.max(MIN_INFLATED, 2 * zipMaxBytes);
  try {
    if (zip.entries.length > MAX_PARTS) return { ok: false, reason: 'tooLarge' };
    let inflated = 0;
    const count = (n: number, limit = maxInflated) => {
      inflated += n;
      if (inflated > limit) throw new OverLimit();
    };
    /** an entry's bytes in memory (the manifest, the PDF), or null when it does not inflate */
    const bytesOf = async (e: ZipEntry, limit: number) => {
      const chunks: Uint8Array[] = [];
      const read = await zip.read(e, (c) => {
        count(c.length, limit);
        chunks.push(Uint8Array.from(c));
      });
      return read === 'ok' ? Buffer.concat(chunks) : null;
    };
    const byName = new Map<string, ZipEntry>();
    for (const e of zip.entries) if (!byName.has(e.name)) byName.set(e.name, e);
    const m = byName.get(MANIFEST);
    const raw = m ? await bytesOf(m, MAX_MANIFEST) : null;
    if (!raw) return { ok: false, reason: 'noManifest' };
    let manifest: Manifest;
    try {
      manifest = JSON.parse(raw.toString('utf8')) as Manifest;
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      return { ok: false, reason: 'noManifest' };
    }
    if (manifest?.format !== MANIFEST_FORMAT || !Array.isArray(manifest.parts))
      return { ok: false, reason: 'noManifest' };
    const pdfName = pdfPath(manifest);
    let pdf: Buffer | null = null;
    const listed = new Set<string>();
    const parts: { path: string; status: 'unchanged' | 'changed' | 'missing' | 'extra' }[] = [];
    for (const p of manifest.parts) {
      listed.add(p.path);
      const e = byName.get(p.path);
      if (!e) {
        parts.push({ path: p.path, status: 'missing' });
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      const keep: Uint8Array[] | null = p.path === pdfName ? [] : null;
      const read = await zip.read(e, (c) => {
        count(c.length);
        hash.update(c);
        size += c.length;
        keep?.push(Uint8Array.from(c));
      });
      if (keep && read === 'ok') pdf = Buffer.concat(keep);
      const same = read === 'ok' && hash.digest('hex') === p.sha256 && size === p.size;
      parts.push({ path: p.path, status: same ? 'unchanged' : 'changed' });
    }
    for (const name of byName.keys())
      if (name !== MANIFEST && !listed.has(name) && !name.endsWith('/')) parts.push({ path: name, status: 'extra' });
    return {
      ok: true,
      manifest,
      manifestSha256: createHash('sha256').update(raw).digest('hex'),
      parts,
      pdf,
    };
  } catch (err) {
    if (err instanceof OverLimit) return { ok: false, reason: 'tooLarge' };
    throw err;
  } finally {
    await zip.close();
  }
}
