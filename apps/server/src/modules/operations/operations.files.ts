import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { opError } from './operations.errors';

/** Form and document uploads: PDF only (checked by content), at most 25 MB, never encrypted (spec 000 §5). */
export const MAX_PDF_BYTES = 25 * 1024 * 1024;

export async function checkPdf(bytes: Buffer) {
  if (bytes.length === 0) throw opError('FILE_REQUIRED');
  if (bytes.length > MAX_PDF_BYTES) throw opError('FILE_TOO_LARGE');
  if (!bytes.subarray(0, 1024).includes('%PDF-')) {
    throw opError('FILE_FORMAT');
  }
  let encrypted: boolean;
  try {
    // isEncrypted, not instanceof EncryptedPDFError: the package's compiled classes defeat instanceof (STACK.md)
    encrypted = (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).isEncrypted;
  } catch {
    throw opError('FILE_FORMAT');
  }
  if (encrypted) throw opError('FILE_ENCRYPTED');
}

function dirOf(dataDir: string, area: string, companyId: string) {
  return path.join(dataDir, 'files', area, companyId);
}

/** Stores a checked file under DATA_DIR/files/<area>/<company>/ and answers its stored name. */
export async function saveFile(dataDir: string, area: string, companyId: string, bytes: Buffer) {
  const storedName = `${randomUUID()}.pdf`;
  const dir = dirOf(dataDir, area, companyId);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, storedName), bytes);
  return storedName;
}

const SAFE_NAME = /^[0-9a-f-]{36}\.pdf$/;

export async function readFile(dataDir: string, area: string, companyId: string, storedName: string) {
  if (!SAFE_NAME.test(storedName)) throw opError('FILE_NOT_FOUND');
  try {
    return await fs.readFile(path.join(dirOf(dataDir, area, companyId), storedName));
  } catch {
    throw opError('FILE_NOT_FOUND');
  }
}

export async function removeFile(dataDir: string, area: string, companyId: string, storedName: string) {
  if (!SAFE_NAME.test(storedName)) return;
  await fs.rm(path.join(dirOf(dataDir, area, companyId), storedName), { force: true });
}

/** A client file name made safe for a header and a listing. */
export function cleanFileName(name: string | undefined) {
  const base = path.basename(name ?? 'document.pdf').replace(/[^\p{L}\p{N} ._()-]/gu, '_');
  return (base || 'document.pdf').slice(0, 150);
}
