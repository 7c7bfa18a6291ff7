import { PDFDocument } from 'pdf-lib';

/** Uploaded documents: at most 25 MB (spec 000 §5). */
export const MAX_PDF_BYTES = 25 * 1024 * 1024;

/** Why an upload was refused; each module turns it into its own error (with its field and catalog). */
export type UploadProblem = 'FILE_REQUIRED' | 'FILE_TOO_LARGE' | 'FILE_FORMAT' | 'FILE_ENCRYPTED';

/**
 * The one content check of an uploaded PDF: the %PDF- signature in the first kilobyte and a document pdf-lib can
 * read, never the name or the declared type; an encrypted PDF is refused. Answers the problem, or null when the
 * file is acceptable.
 */
export async function pdfProblem(bytes: Buffer, maxBytes = MAX_PDF_BYTES): Promise<UploadProblem | null> {
  if (bytes.length === 0) return 'FILE_REQUIRED';
  if (bytes.length > maxBytes) return 'FILE_TOO_LARGE';
  if (!bytes.subarray(0, 1024).toString('latin1').includes('%PDF-')) return 'FILE_FORMAT';
  try {
    // isEncrypted, not instanceof EncryptedPDFError: the package's compiled classes defeat instanceof (STACK.md)
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return doc.isEncrypted ? 'FILE_ENCRYPTED' : null;
  } catch {
    return 'FILE_FORMAT';
  }
}

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
