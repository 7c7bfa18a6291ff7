import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { withTenant } from '../../db/tenant';
import type { AppDeps } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import { fichaError } from '../fichas/fichas.errors';
import * as fichasRepo from '../fichas/fichas.repo';
import type { Ctx } from '../fichas/fichas.service';

export const MAX_PDF_BYTES = 25 * 1024 * 1024;

interface StoredFile {
  fileId?: string;
  name: string;
  url: string;
  active: boolean;
  uploadedAt?: string;
  size?: number;
  path?: string;
}

const filesOf = (v: unknown) => ((typeof v === 'string' ? JSON.parse(v) : v) ?? []) as StoredFile[];

/**
 * A PDF is recognised by its content (the %PDF- signature and a document pdf-lib can read), never by its name
 * or declared type; an encrypted one is refused with the spec's 'Error al cargar el documento'.
 */
export async function checkPdf(bytes: Buffer) {
  if (bytes.length === 0) throw fichaError('FILE_REQUIRED', 'file');
  if (bytes.length > MAX_PDF_BYTES) throw fichaError('FILE_TOO_LARGE', 'file');
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (!head.includes('%PDF-')) throw fichaError('FILE_FORMAT', 'file');
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw fichaError('FILE_FORMAT', 'file');
  }
  if (doc.isEncrypted) throw fichaError('FILE_ENCRYPTED', 'file');
}

function companyDir(deps: AppDeps, companyId: string) {
  return path.join(deps.config.dataDir, 'files', companyId);
}

/** Stores a checked PDF under DATA_DIR/files/<companyId>/fichas/<fichaId>/ and appends it to the ficha's files. */
export async function uploadFichaFile(
  deps: AppDeps,
  ctx: Ctx,
  fichaId: string,
  origin: string,
  name: string,
  bytes: Buffer,
) {
  await checkPdf(bytes);
  const fileId = randomUUID();
  const rel = path.join('fichas', fichaId, `${fileId}.pdf`);
  const abs = path.join(companyDir(deps, ctx.companyId), rel);
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const row = await fichasRepo.findFicha(trx, ctx.companyId, fichaId);
    if (!row) throw fichaError('FICHA_NOT_FOUND');
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, bytes);
    const url = `/api/files/ficha/${fichaId}/${fileId}`;
    const safeName = path.basename(name || 'document.pdf').slice(0, 200);
    const files = [
      ...filesOf(row.files),
      {
        fileId,
        name: safeName,
        url,
        active: true,
        uploadedAt: new Date().toISOString(),
        size: bytes.length,
        path: rel,
      },
    ];
    await fichasRepo.updateFicha(trx, ctx.companyId, fichaId, {
      files: JSON.stringify(files),
      updatedBy: ctx.auth.userId,
    });
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.file.uploaded',
      entity: 'ficha',
      entityId: fichaId,
      after: { fileId, name: safeName, size: bytes.length, origin },
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return { url, name: safeName, index: files.length - 1 };
  });
}

/** The bytes of a ficha's file, only within the caller's company. */
export async function readFichaFile(deps: AppDeps, ctx: Ctx, fichaId: string, fileId: string) {
  const file = await withTenant(deps.db, ctx.companyId, async (trx) => {
    const row = await fichasRepo.findFicha(trx, ctx.companyId, fichaId);
    if (!row) throw fichaError('FILE_NOT_FOUND');
    return filesOf(row.files).find((f) => f.fileId === fileId);
  });
  if (!file?.path) throw fichaError('FILE_NOT_FOUND');
  const abs = path.join(companyDir(deps, ctx.companyId), file.path);
  if (!abs.startsWith(companyDir(deps, ctx.companyId)) || !fs.existsSync(abs)) throw fichaError('FILE_NOT_FOUND');
  return { name: file.name, bytes: fs.readFileSync(abs) };
}

/** PUT /fichas-clientes/{id}/deleteFile/{index}: marks the file deleted (kept on disk for the audit trail). */
export async function deleteFichaFile(deps: AppDeps, ctx: Ctx, fichaId: string, index: number) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const row = await fichasRepo.findFicha(trx, ctx.companyId, fichaId);
    if (!row) throw fichaError('FICHA_NOT_FOUND');
    const files = filesOf(row.files);
    const file = files[index];
    if (!file) throw fichaError('FILE_NOT_FOUND', 'index');
    files[index] = { ...file, active: false };
    const after = await fichasRepo.updateFicha(trx, ctx.companyId, fichaId, {
      files: JSON.stringify(files),
      updatedBy: ctx.auth.userId,
    });
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.file.deleted',
      entity: 'ficha',
      entityId: fichaId,
      after: { index, name: file.name },
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return after ?? row;
  });
}

/** Removes stored files after a hard delete (paths relative to the company folder are resolved by the caller). */
export async function removeStoredFiles(deps: AppDeps, relPaths: string[], companyId?: string) {
  for (const rel of relPaths) {
    const abs = companyId ? path.join(companyDir(deps, companyId), rel) : rel;
    fs.rmSync(abs, { force: true });
  }
}
