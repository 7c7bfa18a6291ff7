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
