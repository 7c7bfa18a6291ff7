import { withTenant } from '../../db/tenant';
import type { AppDeps } from '../../plugins/context';
import { audit, type Caller, companyOf, load } from './operations.common';
import { opError } from './operations.errors';
import { checkPdf, cleanFileName, readFile, removeFile, saveFile } from './operations.files';
import * as repo from './operations.repo';
import type { StoredDocument } from './operations.tables';
import * as view from './operations.view';

const AREA = 'operations';
const urlOf = (id: string, index: number) => `/api/consultations/${id}/files/${index}`;

function editable(o: { state: string; recordStatus: string }) {
  if (o.recordStatus === 'inactive') throw opError('OPERATION_INACTIVE');
  if (o.state === 'closed') throw opError('OPERATION_FINISHED');
}

/**
 * Uploads a PDF to an operation: a new document, or the file of a pending slot (`index`). The file is checked before
 * anything is written.
 */
export async function uploadDocument(
  deps: AppDeps,
  c: Caller,
  id: string,
  file: { bytes: Buffer; filename?: string },
  index?: number,
) {
  const companyId = companyOf(c.auth);
  await checkPdf(file.bytes);
  return withTenant(deps.db, companyId, async (trx) => {
    const { o } = await load(trx, companyId, id, { forUpdate: true });
    editable(o);
    const docs = [...((o.documents ?? []) as StoredDocument[])];
    if (index !== undefined && !docs[index]) throw opError('FILE_NOT_FOUND');
    const storedName = await saveFile(deps.config.dataDir, AREA, companyId, file.bytes);
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
    await audit(trx, c, 'operation.file.uploaded', id, null, { index: at, name: doc.name, size: doc.size });
    return { url: doc.url, name: doc.name, index: at };
  });
}

/** Declares a document still to be provided: the operation cannot finish while it is pending. */
export async function addPendingDocument(deps: AppDeps, c: Caller, id: string, name: string) {
  const companyId = companyOf(c.auth);
  return withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id, { forUpdate: true });
    editable(o);
    const docs = [...((o.documents ?? []) as StoredDocument[])];
    docs.push({ name: cleanFileName(name), url: urlOf(id, docs.length), active: true, pending: true });
    const after = await repo.updateOperation(trx, companyId, id, {
      documents: JSON.stringify(docs),
      updatedBy: c.auth.userId,
    });
    await audit(trx, c, 'operation.file.requested', id, null, { index: docs.length - 1, name });
    return view.operationView(after ?? o, associates);
  });
}

export async function downloadDocument(deps: AppDeps, c: Caller, id: string, index: number) {
  const companyId = companyOf(c.auth);
  const { o } = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, id));
  const doc = ((o.documents ?? []) as StoredDocument[])[index];
  if (!doc?.storedName) throw opError('FILE_NOT_FOUND');
  return { name: doc.name, bytes: await readFile(deps.config.dataDir, AREA, companyId, doc.storedName) };
}

/**
 * Removes a document from the operation: PUT .../deletefileConsultations/{index} deactivates it (the file is kept,
 * the entry shows as inactive); DELETE .../deletefileFichaCliente/{index} also deletes the stored file. Either way
 * the index of the other documents does not change, and a removed pending slot no longer blocks finishing.
 */
export async function removeDocument(deps: AppDeps, c: Caller, id: string, index: number, hard: boolean) {
  const companyId = companyOf(c.auth);
  const result = await withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id, { forUpdate: true });
    editable(o);
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
    await audit(trx, c, hard ? 'operation.file.deleted' : 'operation.file.deactivated', id, doc, docs[index]);
    return { view: view.operationView(after ?? o, associates), storedName: doc.storedName };
  });
  if (hard && result.storedName) await removeFile(deps.config.dataDir, AREA, companyId, result.storedName);
  return result.view;
}
