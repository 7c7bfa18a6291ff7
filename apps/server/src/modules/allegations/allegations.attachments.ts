import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { cleanFileName, type FileStore, fileKey, storedName } from '../../lib/files';
import { checkUpload, MAX_PDF_BYTES } from '../../lib/uploads';
import { allegationError } from './allegations.errors';

/** An attachment as the reporter or a handler sent it, checked by content (never by its name or declared type). */
export interface CheckedFile {
  bytes: Buffer;
  name: string;
  mime: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  ext: string;
}

/** A checked attachment with the name it is stored under. */
export type StoredFile = CheckedFile & { storedName: string };

interface MultipartReport {
  /** the JSON text of the `data` field (null when absent) */
  data: string | null;
  files: { bytes: Buffer; filename: string }[];
}

/** At most this many files per call (the multipart plugin's own limit is 5). */
export const MAX_FILES = 5;

/**
 * Reads a multipart call of the channel: the `data` field (JSON) and up to five `files`, each at most 25 MB. Not
 * multipart, a file over the limit or too many files answer a translated 4xx.
 */
async function readReportParts(req: FastifyRequest): Promise<MultipartReport> {
  if (!req.isMultipart()) throw allegationError('ALLEGATION_DATA_INVALID', { field: 'data' });
  const out: MultipartReport = { data: null, files: [] };
  try {
    for await (const part of req.parts({
      limits: { fileSize: MAX_PDF_BYTES + 1, files: MAX_FILES, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > MAX_PDF_BYTES)
          throw allegationError('FILE_TOO_LARGE', { field: 'files' });
        // a file input left empty sends a nameless, empty part: no file; a named file of 0 bytes is checked (refused)
        if (bytes.length > 0 || part.filename) out.files.push({ bytes, filename: part.filename });
      } else if (part.fieldname === 'data') {
        if (part.valueTruncated) throw allegationError('ALLEGATION_DATA_INVALID', { field: 'data' });
        out.data = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof Error && 'code' in err && typeof (err as { code: unknown }).code === 'string') {
      const code = (err as { code: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw allegationError('FILE_TOO_LARGE', { field: 'files' });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
        throw allegationError('ALLEGATION_DATA_INVALID', { field: 'files' });
    }
    throw err;
  }
  return out;
}

const MIMES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const satisfies Record<string, CheckedFile['mime']>;

/**
 * The content check of one attachment, the one upload check (lib/uploads.ts checkUpload): a readable, unencrypted PDF
 * without active content, or a PNG, JPEG, GIF or WebP image; 0 bytes is FILE_REQUIRED.
 */
export async function checkAttachment(file: { bytes: Buffer; filename: string }): Promise<CheckedFile> {
  const checked = await checkUpload(file.bytes, ['pdf', 'png', 'jpg', 'gif', 'webp'], MAX_PDF_BYTES);
  if (checked.problem) {
    const problem = checked.problem === 'FILE_ZIP_BOMB' ? 'FILE_FORMAT' : checked.problem;
    throw allegationError(problem, { field: 'files', params: { name: cleanFileName(file.filename) } });
  }
  // only the kinds accepted above come back
  const ext = checked.kind as keyof typeof MIMES;
  return { bytes: file.bytes, name: cleanFileName(file.filename, `document.${ext}`), mime: MIMES[ext], ext };
}

/** The store key of an attachment: outside any web root, DATA_DIR/files/allegations/<company>/<stored name>. */
export function attachmentKey(companyId: string, storedName: string): string {
  const key = /^[0-9a-f-]{36}\.(pdf|png|jpg|gif|webp)$/.test(storedName)
    ? fileKey('allegations', companyId, storedName)
    : null;
  if (!key) throw allegationError('FILE_NOT_FOUND');
  return key;
}

/**
 * Stores the files under fresh names, then runs `write` (the transaction that records them); when storing or
 * `write` fails, the stored files are removed again.
 */
export async function storingFiles<T>(
  store: FileStore,
  companyId: string,
  files: CheckedFile[],
  write: (stored: StoredFile[]) => Promise<T>,
): Promise<T> {
  const stored = files.map((f) => ({ ...f, storedName: storedName(f.ext) }));
  try {
    for (const f of stored) await store.put(attachmentKey(companyId, f.storedName), f.bytes);
    return await write(stored);
  } catch (err) {
    for (const f of stored) await store.remove(attachmentKey(companyId, f.storedName));
    throw err;
  }
}

/** `value` checked against `schema`; the first problem answers ALLEGATION_DATA_INVALID naming its field. */
export function validated<T extends z.ZodTypeAny>(
  schema: T,
  value: unknown,
  fieldOf = (path: string) => path || 'data',
): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const field = fieldOf(parsed.error.issues[0]?.path.join('.') ?? '');
  throw allegationError('ALLEGATION_DATA_INVALID', { field, params: { field } });
}

/** A multipart call of the channel: the `data` field checked against `schema`, each file checked by content. */
export async function readMultipart<T extends z.ZodTypeAny>(
  req: FastifyRequest,
  schema: T,
): Promise<{ data: z.infer<T>; files: CheckedFile[] }> {
  const parts = await readReportParts(req);
  let raw: unknown;
  try {
    raw = parts.data === null ? undefined : JSON.parse(parts.data);
  } catch {
    throw allegationError('ALLEGATION_DATA_INVALID', { field: 'data' });
  }
  const data = validated(schema, raw);
  const files: CheckedFile[] = [];
  for (const f of parts.files) files.push(await checkAttachment(f));
  return { data, files };
}
