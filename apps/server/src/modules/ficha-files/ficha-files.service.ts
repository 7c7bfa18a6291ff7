import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { checkCompanyDocument } from '../../lib/company-rules';
import { fileKey } from '../../lib/files';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as fichasData from '../fichas';
import { fichaError } from '../fichas';

/** A file of a ficha as its `files` column keeps it (`path` is relative to the company's folder, never shown). */
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

/** The store key of a ficha's file: DATA_DIR/files/<companyId>/<path>, null for a path that would leave it. */
const keyOf = (companyId: string, rel: string) => fileKey(companyId, rel);

/**
 * Stores an uploaded document under DATA_DIR/files/<companyId>/fichas/<fichaId>/ and appends it to the ficha's
 * files. It is checked by content against the company's file rules (a PDF, or the image types the company allows,
 * up to its size; lib/company-rules.ts), never by its name or declared type; an encrypted PDF is refused with the
 * spec's 'Error al cargar el documento'.
 */
export async function uploadFichaFile(
  deps: AppDeps,
  caller: TenantCaller,
  fichaId: string,
  origin: string,
  name: string,
  bytes: Buffer,
) {
  const kind = await checkCompanyDocument(bytes, caller.auth.company?.settings, (p) =>
    fichaError(p, { field: 'file' }),
  );
  const fileId = randomUUID();
  const rel = path.posix.join('fichas', fichaId, `${fileId}.${kind}`);
  const key = keyOf(caller.companyId, rel);
  if (!key) throw fichaError('FICHA_NOT_FOUND');
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await fichasData.readFicha(trx, caller.companyId, fichaId);
    if (!row) throw fichaError('FICHA_NOT_FOUND');
    await deps.files.put(key, bytes);
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
    await fichasData.updateFichaFiles(trx, caller.companyId, fichaId, {
      files: JSON.stringify(files),
      updatedBy: caller.auth.userId,
    });
    await audit(trx, caller, {
      action: 'ficha.file.uploaded',
      entity: 'ficha',
      id: fichaId,
      after: { fileId, name: safeName, size: bytes.length, origin },
    });
    return { url, name: safeName, index: files.length - 1 };
  });
}

/** The bytes of a ficha's file, only within the caller's company. */
export async function readFichaFile(deps: AppDeps, caller: TenantCaller, fichaId: string, fileId: string) {
  const file = await withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await fichasData.readFicha(trx, caller.companyId, fichaId);
    if (!row) throw fichaError('FILE_NOT_FOUND');
    return filesOf(row.files).find((f) => f.fileId === fileId);
  });
  const key = file?.path ? keyOf(caller.companyId, file.path) : null;
  const bytes = key ? await deps.files.get(key) : null;
  if (!file || !bytes) throw fichaError('FILE_NOT_FOUND');
  return { name: file.name, bytes };
}

/** PUT /fichas-clientes/{id}/deleteFile/{index}: marks the file deleted (kept on disk for the audit trail). */
export async function deleteFichaFile(deps: AppDeps, caller: TenantCaller, fichaId: string, index: number) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await fichasData.readFicha(trx, caller.companyId, fichaId);
    if (!row) throw fichaError('FICHA_NOT_FOUND');
    const files = filesOf(row.files);
    const file = files[index];
    if (!file) throw fichaError('FILE_NOT_FOUND', { field: 'index' });
    files[index] = { ...file, active: false };
    const after = await fichasData.updateFichaFiles(trx, caller.companyId, fichaId, {
      files: JSON.stringify(files),
      updatedBy: caller.auth.userId,
    });
    await audit(trx, caller, {
      action: 'ficha.file.deleted',
      entity: 'ficha',
      id: fichaId,
      after: { index, name: file.name },
    });
    return after ?? row;
  });
}
