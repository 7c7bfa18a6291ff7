import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the platform keeps files (uploaded documents, generated PDFs, workbooks, exports): keys are relative paths
 * such as `fichas/<company>/<ficha>/<uuid>.pdf`. Two backends implement it (decision 195): the local folder
 * DATA_DIR/files (the default) and an S3-compatible bucket (lib/files-s3.ts, FILE_STORE=s3). Every call is
 * asynchronous: no file I/O blocks a request. The stream calls hold at most one part of a file in memory.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** stores the bytes under the key (parents created) */
  put(key: string, bytes: Buffer): Promise<void>;
  /** stores what the stream gives under the key, a part at a time; the key appears only once it is complete */
  putStream(key: string, body: Readable): Promise<void>;
  /** the bytes of a key, or null when there is none */
  get(key: string): Promise<Buffer | null>;
  /** the key's content as a stream with its size, or null when there is none */
  getStream(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** removes a key; a missing one is not an error */
  remove(key: string): Promise<void>;
  /** every key of the store (under `prefix` when given), in no particular order */
  list(prefix?: string): AsyncIterable<string>;
}

/**
 * Folders of the store whose files are made again from the database when missing, not kept for their own sake: the
 * screening index's snapshots (decision 245). Backups leave them out.
 */
export const DERIVED_FOLDERS = ['screening-index'];
export const isDerivedKey = (key: string) => DERIVED_FOLDERS.some((f) => key.startsWith(`${f}/`));

/** A fresh file name for stored content: a UUID plus the extension. */
export const storedName = (ext = 'pdf') => `${randomUUID()}.${ext}`;

/** A key made of parts that came from ids and stored names: refuses anything that could leave its folder. */
export function fileKey(...parts: string[]): string | null {
  for (const p of parts) if (!p || p.includes('..') || p.includes('\0') || path.isAbsolute(p)) return null;
  return path.posix.join(...parts.map((p) => p.split(path.sep).join('/')));
}

/** The local-disk store: DATA_DIR/files/<key>. */
export function localFileStore(root: string): FileStore {
  const abs = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error(`file key outside the store: ${key}`);
    return p;
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
  async function* walk(dir: string): AsyncIterable<string> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (missing(err)) return;
      throw err;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) yield* walk(p);
      // a half-written stream (.partial-*) is not a file of the store
      else if (e.isFile() && !e.name.startsWith('.partial-')) yield path.relative(root, p).split(path.sep).join('/');
    }
  }
  return {
    kind: 'local',
    async put(key, bytes) {
      const p = abs(key);
      await fs.mkdir(path.dirname(p), { recursive: true });
      await fs.writeFile(p, bytes);
    },
    async putStream(key, body) {
      const p = abs(key);
      await fs.mkdir(path.dirname(p), { recursive: true });
      // written beside, then renamed: a reader never sees half a file, and a failed stream leaves nothing
      const partial = path.join(path.dirname(p), `.partial-${randomUUID()}`);
      try {
        await pipeline(body, createWriteStream(partial));
        await fs.rename(partial, p);
      } catch (err) {
        await fs.rm(partial, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(abs(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async getStream(key) {
      const p = abs(key);
      try {
        const stat = await fs.stat(p);
        if (!stat.isFile()) return null;
        return { stream: createReadStream(p), size: stat.size };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(abs(key), { force: true });
    },
    list(prefix = '') {
      return walk(prefix ? abs(prefix) : path.resolve(root));
    },
  };
}

/** A client file name made safe for a header and a listing. */
export function cleanFileName(name: string | undefined, fallback = 'document.pdf', max = 150) {
  const base = path.basename(name ?? fallback).replace(/[^\p{L}\p{N} ._()-]/gu, '_');
  return (base || fallback).slice(0, max);
}
