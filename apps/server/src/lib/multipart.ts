import type { FastifyRequest } from 'fastify';
import { MAX_PDF_BYTES, type UploadProblem } from './uploads';

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
