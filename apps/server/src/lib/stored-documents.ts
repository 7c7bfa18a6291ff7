import type { FastifyBaseLogger } from 'fastify';
import { type FileStore, fileKey } from './files';

/**
 * A file kept on a record (an operation's documents, a transaction's files) as its JSON column stores it:
 * `storedName` is the file in the store (`<area>/<company>/<storedName>`), never shown.
 */
export interface StoredDocument {
  name: string;
  url: string;
  active: boolean;
  pending?: boolean;
  size?: number;
  uploadedAt?: string;
  storedName?: string;
}

/** The documents of a record as the API answers them (no stored name). */
export function documentsView(docs: StoredDocument[] | null | undefined) {
  return (docs ?? []).map((d) => ({
    name: d.name,
    url: d.url,
    active: d.active,
    pending: d.pending ?? false,
    size: d.size,
    uploadedAt: d.uploadedAt,
  }));
}

/** Names the platform gives stored documents (`storedName()`): anything else is not one of ours. */
const STORED_NAME = /^[0-9a-f-]{36}\.pdf$/;

/** The store key of a record's file, DATA_DIR/files/<area>/<company>/<uuid>.pdf; null for a name not ours. */
export function recordFileKey(area: string, companyId: string, storedName: string): string | null {
  return STORED_NAME.test(storedName) ? fileKey(area, companyId, storedName) : null;
}

/**
 * The bytes of a record's file, or null when there is none to give: an unknown name, a missing file, or one the
 * store cannot read (logged, and answered as missing: the caller says FILE_NOT_FOUND either way).
 */
export async function readRecordFile(
  deps: { files: FileStore; log: FastifyBaseLogger },
  key: string | null,
): Promise<Buffer | null> {
  if (!key) return null;
  try {
    return await deps.files.get(key);
  } catch (err) {
    deps.log.error({ err, key }, 'stored document unreadable');
    return null;
  }
}
