import { PDFDocument } from 'pdf-lib';
import { parsedActiveContent, rawActiveContent } from './pdf-active';
import { xlsxContentProblem } from './xlsx-zip';
import { isZip } from './zip-directory';

/** Uploaded documents: at most 25 MB (spec 000 §5). */
export const MAX_PDF_BYTES = 25 * 1024 * 1024;

/** Why an upload was refused; each module turns it into its own error (with its field and catalog). */
export type UploadProblem =
  | 'FILE_REQUIRED'
  | 'FILE_TOO_LARGE'
  | 'FILE_FORMAT'
  | 'FILE_ENCRYPTED'
  | 'FILE_ACTIVE_CONTENT'
  | 'FILE_ZIP_BOMB';

/**
 * What an upload may be, by its content: a PDF, an image, an .xlsx workbook, or `binary` (any bytes: a PKCS#12 key
 * or a CSV, which only the size limits and the 0-byte refusal apply to; the caller parses it).
 */
export type UploadKind = 'pdf' | ImageType | 'gif' | 'xlsx' | 'binary';

export type UploadCheck = { kind: UploadKind; problem: null } | { kind: null; problem: UploadProblem };

const refused = (problem: UploadProblem): UploadCheck => ({ kind: null, problem });

/** What the bytes are by their first bytes (the %PDF- signature anywhere in the first kilobyte), or null. */
function kindOf(bytes: Buffer): Exclude<UploadKind, 'binary'> | null {
  if (bytes.subarray(0, 1024).toString('latin1').includes('%PDF-')) return 'pdf';
  const image = imageType(bytes);
  if (image) return image;
  const head = bytes.toString('latin1', 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (isZip(bytes)) return 'xlsx';
  return null;
}

/**
 * The one check of every uploaded file (issue 22), never by its name or declared type: 0 bytes is FILE_REQUIRED,
 * over `maxBytes` FILE_TOO_LARGE, a content that is none of `accept` FILE_FORMAT. A PDF must be one pdf-lib reads,
 * not encrypted (FILE_ENCRYPTED) and without active content (FILE_ACTIVE_CONTENT: JavaScript, launch actions,
 * embedded files, rich media, XFA; see pdf-active.ts). An .xlsx must be a workbook within the zip limits (entry
 * count, uncompressed size, compression ratio, each entry really inflated: FILE_ZIP_BOMB) before anything parses it.
 * Answers the kind, or the problem.
 */
export async function checkUpload(
  bytes: Buffer,
  accept: readonly UploadKind[],
  maxBytes = MAX_PDF_BYTES,
): Promise<UploadCheck> {
  if (bytes.length === 0) return refused('FILE_REQUIRED');
  if (bytes.length > maxBytes) return refused('FILE_TOO_LARGE');
  const found = kindOf(bytes);
  const kind: UploadKind | null = found && accept.includes(found) ? found : accept.includes('binary') ? 'binary' : null;
  if (!kind) return refused('FILE_FORMAT');
  if (kind === 'pdf') {
    const problem = await pdfContentProblem(bytes);
    if (problem) return refused(problem);
  }
  if (kind === 'xlsx') {
    const problem = await xlsxContentProblem(bytes);
    if (problem) return refused(problem);
  }
  return { kind, problem: null };
}

/** A PDF's content: one pdf-lib reads, not encrypted, without active content. */
async function pdfContentProblem(bytes: Buffer): Promise<UploadProblem | null> {
  let doc: PDFDocument;
  try {
    // isEncrypted, not instanceof EncryptedPDFError: the package's compiled classes defeat instanceof (STACK.md)
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return 'FILE_FORMAT';
  }
  if (doc.isEncrypted) return 'FILE_ENCRYPTED';
  if (parsedActiveContent(doc) || rawActiveContent(bytes)) return 'FILE_ACTIVE_CONTENT';
  return null;
}

/**
 * The content check of an uploaded PDF: checkUpload accepting only a PDF (kept for the modules that take PDFs only).
 * Answers the problem, or null when the file is acceptable.
 */
export async function pdfProblem(bytes: Buffer, maxBytes = MAX_PDF_BYTES): Promise<PdfProblem | null> {
  const { problem } = await checkUpload(bytes, ['pdf'], maxBytes);
  return problem === 'FILE_ZIP_BOMB' ? 'FILE_FORMAT' : problem;
}

/** Why a PDF-only upload was refused (a zip is never a PDF). */
export type PdfProblem = Exclude<UploadProblem, 'FILE_ZIP_BOMB'>;

/** The image types an upload may be (photos, logos, drawn signatures). */
export type ImageType = 'png' | 'jpg' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The one content check of an uploaded image: what its first bytes say it is (PNG signature, JPEG SOI marker, RIFF
 * WEBP header), never the name or the declared type; null when it is none of them. Each caller keeps its own size
 * limit and the types it accepts.
 */
export function imageType(bytes: Buffer): ImageType | null {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** The content type to serve a stored image with (by its content; JPEG when it is none of the known types). */
export function imageMime(bytes: Buffer): string {
  const type = imageType(bytes);
  return type === 'png' ? 'image/png' : type === 'webp' ? 'image/webp' : 'image/jpeg';
}
