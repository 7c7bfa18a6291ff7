import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { errorsOf } from '../../lib/errors';
import { cleanFileName, fileKey, storedName } from '../../lib/files';
import { pdfProblem, type UploadProblem } from '../../lib/uploads';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as repo from './manuals.repo';

export type ManualErrorCode = UploadProblem | 'MANUAL_NOT_FOUND' | 'MANUAL_UPLOAD_FAILED';

/** An error of the manuals, with the spec's message from the `reports` catalog. */
export const manualError = errorsOf<ManualErrorCode>('reports');

function toManualView(m: repo.ManualRow & { companyName?: string }) {
  return {
    id: m.id,
    companyId: m.companyId,
    ...(m.companyName ? { companyName: m.companyName } : {}),
    name: m.name,
    mimetype: m.mimetype,
    url: `/api/companies-manuals/downloadfile/${m.id}`,
    size: m.size,
    active: m.active,
    uploadedBy: m.uploadedByName ?? '',
    uploadDate: new Date(m.uploadDate).toISOString(),
  };
}

/** GET /companies-manuals: the active manuals (every manual, inactive ones too, for an admin who asks for them). */
export async function list(deps: AppDeps, caller: TenantCaller, q: { all: boolean; limit: number; skip: number }) {
  const rows = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.listManuals(trx, caller.companyId, q.all, q.limit, q.skip),
  );
  return rows.map(toManualView);
}

/**
 * POST /companies-manuals: a PDF (checked by content: 25 MB, a readable, unencrypted PDF) stored under the
 * company; 'Error loading File' when the store fails.
 */
export async function upload(
  deps: AppDeps,
  caller: TenantCaller,
  file: { bytes: Buffer; filename: string },
  name?: string,
) {
  const problem = await pdfProblem(file.bytes);
  if (problem) throw manualError(problem, { field: 'file' });
  const key = fileKey('manuals', caller.companyId, storedName('pdf'));
  if (!key) throw manualError('MANUAL_UPLOAD_FAILED', { field: 'file' });
  try {
    await deps.files.put(key, file.bytes);
  } catch (err) {
    caller.log.error({ err }, 'manual upload: the file store failed');
    throw manualError('MANUAL_UPLOAD_FAILED', { field: 'file' });
  }
  const title = (name?.trim() || cleanFileName(file.filename, 'manual.pdf').replace(/\.pdf$/i, '')).slice(0, 150);
  const row = await withTenant(deps.db, caller.companyId, async (trx) => {
    const created = await repo.insertManual(trx, {
      companyId: caller.companyId,
      name: title,
      fileKey: key,
      size: file.bytes.length,
      uploadedBy: caller.auth.userId,
      uploadedByName: caller.auth.user.name,
    });
    await audit(trx, caller, {
      action: 'manual.uploaded',
      entity: 'manual',
      id: created.id,
      after: toManualView(created),
    });
    return created;
  });
  return toManualView(row);
}

/** PATCH /companies-manuals/{id}: rename and/or deactivate (a manual is removed by this patch). */
export async function patch(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  body: { name?: string; active?: boolean },
) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await repo.findManual(trx, caller.companyId, id);
    if (!before) throw manualError('MANUAL_NOT_FOUND', { field: 'id' });
    const after = await repo.updateManual(trx, caller.companyId, id, body);
    if (!after) throw manualError('MANUAL_NOT_FOUND', { field: 'id' });
    await audit(trx, caller, {
      action: 'manual.updated',
      entity: 'manual',
      id,
      before: toManualView(before),
      after: toManualView(after),
    });
    return toManualView(after);
  });
}

/** GET /companies-manuals/downloadfile/{id}: the PDF of an active manual of the company. */
export async function download(deps: AppDeps, caller: TenantCaller, id: string, mayWrite: boolean) {
  const row = await withTenant(deps.db, caller.companyId, (trx) => repo.findManual(trx, caller.companyId, id));
  if (!row || (!row.active && !mayWrite)) throw manualError('MANUAL_NOT_FOUND', { field: 'id' });
  const bytes = await deps.files.get(row.fileKey);
  if (!bytes) throw manualError('MANUAL_NOT_FOUND', { field: 'id' });
  return { bytes, name: `${cleanFileName(row.name, 'manual')}.pdf` };
}

/**
 * The super administrator and the watcher have no company (issue 27, point 2: "Manuales" was a dead end for them):
 * they read every company's active manuals, each with its company's name, and download them.
 */
export async function listForPlatform(deps: AppDeps, q: { limit: number; skip: number }) {
  const rows = await withSystem(deps.db, (trx) => repo.listAllActiveManuals(trx, q.limit, q.skip));
  return rows.map(toManualView);
}

export async function downloadForPlatform(deps: AppDeps, id: string) {
  const row = await withSystem(deps.db, (trx) => repo.findActiveManualAnyCompany(trx, id));
  if (!row) throw manualError('MANUAL_NOT_FOUND', { field: 'id' });
  const bytes = await deps.files.get(row.fileKey);
  if (!bytes) throw manualError('MANUAL_NOT_FOUND', { field: 'id' });
  return { bytes, name: `${cleanFileName(row.name, 'manual')}.pdf` };
}
