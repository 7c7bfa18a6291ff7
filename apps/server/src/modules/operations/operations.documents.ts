import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { checkCompanyDocument } from '../../lib/company-rules';
import { cleanFileName, storedName as newStoredName } from '../../lib/files';
import type { FileUpload } from '../../lib/multipart';
import { readRecordFile, recordFileKey, type StoredDocument } from '../../lib/stored-documents';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { opError } from './operations.errors';
import { load } from './operations.load';
import * as repo from './operations.repo';
import { assertEditable, viewRules } from './operations.rules';
import * as view from './operations.view';

/** The store's folder of operations' documents: DATA_DIR/files/operations/<company>/<uuid>.pdf. */
const AREA = 'operations';
const urlOf = (id: string, index: number) => `/api/consultations/${id}/files/${index}`;

/**
 * Uploads a document (a PDF, or the image types the company's file rules allow) to an operation: a new document, or the file of a pending slot (`index`). The file is checked before
 * anything is written.
 */
export async function uploadDocument(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  file: Pick<FileUpload, 'bytes'> & { filename?: string },
  index?: number,
) {
  const companyId = c.companyId;
  await checkCompanyDocument(file.bytes, c.auth.company?.settings, (p) => opError(p));
  return withTenant(deps.db, companyId, async (trx) => {
    const { o } = await load(trx, companyId, id, { forUpdate: true });
    assertEditable(o);
    const docs = [...((o.documents ?? []) as StoredDocument[])];
    if (index !== undefined && !docs[index]) throw opError('FILE_NOT_FOUND');
    const storedName = newStoredName();
    await deps.files.put(recordFileKey(AREA, companyId, storedName) as string, file.bytes);
    const at = index ?? docs.length;
    const doc: StoredDocument = {
      name: cleanFileName(file.filename ?? docs[at]?.name),
      url: urlOf(id, at),
      active: true,
      pending: false,
      size: file.bytes.length,
      uploadedAt: new Date().toISOString(),
      storedName,
    };
    docs[at] = doc;
    await repo.updateOperation(trx, companyId, id, { documents: JSON.stringify(docs), updatedBy: c.auth.userId });
    await audit(trx, c, {
      action: 'operation.file.uploaded',
      entity: 'operation',
      id,
      before: null,
      after: { index: at, name: doc.name, size: doc.size },
    });
    return { url: doc.url, name: doc.name, index: at };
  });
}

/** Declares a document still to be provided: the operation cannot finish while it is pending. */
export async function addPendingDocument(deps: AppDeps, c: TenantCaller, id: string, name: string) {
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id, { forUpdate: true });
    assertEditable(o);
    const docs = [...((o.documents ?? []) as StoredDocument[])];
    docs.push({ name: cleanFileName(name), url: urlOf(id, docs.length), active: true, pending: true });
    const after = await repo.updateOperation(trx, companyId, id, {
      documents: JSON.stringify(docs),
      updatedBy: c.auth.userId,
    });
    await audit(trx, c, {
      action: 'operation.file.requested',
      entity: 'operation',
      id,
      before: null,
      after: { index: docs.length - 1, name },
    });
    return view.operationView(after ?? o, associates, viewRules(c));
  });
}

/** The file of a document of the operation (404 FILE_NOT_FOUND for a pending, deleted or missing one). */
export async function downloadDocument(deps: AppDeps, c: TenantCaller, id: string, index: number) {
  const companyId = c.companyId;
  const { o } = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, id));
  const doc = ((o.documents ?? []) as StoredDocument[])[index];
  if (!doc?.storedName) throw opError('FILE_NOT_FOUND');
  const bytes = await readRecordFile({ files: deps.files, log: c.log }, recordFileKey(AREA, companyId, doc.storedName));
  if (!bytes) throw opError('FILE_NOT_FOUND');
  return { name: doc.name, bytes };
}

/**
 * Removes a document from the operation: PUT .../deletefileConsultations/{index} deactivates it (the file is kept,
 * the entry shows as inactive); DELETE .../deletefileFichaCliente/{index} also deletes the stored file. Either way
 * the index of the other documents does not change, and a removed pending slot no longer blocks finishing.
 */
export async function removeDocument(deps: AppDeps, c: TenantCaller, id: string, index: number, hard: boolean) {
  const companyId = c.companyId;
  const result = await withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id, { forUpdate: true });
    assertEditable(o);
    const docs = [...((o.documents ?? []) as StoredDocument[])];
    const doc = docs[index];
    if (!doc?.active) throw opError('FILE_NOT_FOUND');
    docs[index] = {
      ...doc,
      active: false,
      pending: false,
      ...(hard ? { storedName: undefined, size: undefined } : {}),
    };
    const after = await repo.updateOperation(trx, companyId, id, {
      documents: JSON.stringify(docs),
      updatedBy: c.auth.userId,
    });
    await audit(trx, c, {
      action: hard ? 'operation.file.deleted' : 'operation.file.deactivated',
      entity: 'operation',
      id,
      before: doc,
      after: docs[index],
    });
    return {
      view: view.operationView(after ?? o, associates, viewRules(c)),
      storedName: doc.storedName,
    };
  });
  const key = hard && result.storedName ? recordFileKey(AREA, companyId, result.storedName) : null;
  if (key) await deps.files.remove(key);
  return result.view;
}
