import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the platform keeps files (uploaded documents, generated PDFs): keys are relative paths such as
 * `fichas/<company>/<ficha>/<uuid>.pdf`. Local disk under DATA_DIR/files today; object storage (the S3 settings of
 * ARCHITECTURE.md) implements the same interface. Every call is asynchronous: no file I/O blocks a request.
 */
export interface FileStore {
  /** stores the bytes under the key (parents created) */
  put(key: string, bytes: Buffer): Promise<void>;
  /** the bytes of a key, or null when there is none */
  get(key: string): Promise<Buffer | null>;
  /** removes a key; a missing one is not an error */
  remove(key: string): Promise<void>;
}

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
  return {
    async put(key, bytes) {
      const p = abs(key);
      await fs.mkdir(path.dirname(p), { recursive: true });
      await fs.writeFile(p, bytes);
    },
    async get(key) {
      try {
        return await fs.readFile(abs(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(abs(key), { force: true });
    },
  };
}

/** A client file name made safe for a header and a listing. */
export function cleanFileName(name: string | undefined, fallback = 'document.pdf', max = 150) {
  const base = path.basename(name ?? fallback).replace(/[^\p{L}\p{N} ._()-]/gu, '_');
  return (base || fallback).slice(0, max);
}
