import { normalizeDateInput } from '@regcheck/shared/format/index';
import type {
  TransactionCreateBody,
  TransactionUpdateBody,
  TransactionViewT,
} from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import type { TransactionRow } from '../../db/tables/transactions.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { cleanFileName, storedName as newStoredName } from '../../lib/files';
import type { ListFilter } from '../../lib/filter';
import type { FileUpload } from '../../lib/multipart';
import { documentsView, readRecordFile, recordFileKey, type StoredDocument } from '../../lib/stored-documents';
import { pdfProblem } from '../../lib/uploads';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { fichaError, readFicha } from '../fichas';
import { assertOperationOf } from '../operations';
import { transactionError } from './transactions.errors';
import * as repo from './transactions.repo';

/** The store's folder of transactions' files: DATA_DIR/files/transactions/<company>/<uuid>.pdf. */
const AREA = 'transactions';
/** The audit rows of transactions have always named their entity 'operation'; the stored rows and reports keep it. */
const ENTITY = 'operation';
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function transactionView(t: TransactionRow): TransactionViewT {
  return {
    id: t.id,
    companyId: t.companyId,
    dni: t.dni,
    fichaId: t.fichaId,
    operationId: t.operationId,
    transactionType: t.transactionType,
    transactionDate: iso(t.transactionDate),
    divisa: t.divisa as TransactionViewT['divisa'],
    amount: Number(t.amount),
    cashAmount: Number(t.cashAmount),
    description: t.description,
    files: documentsView(t.files as StoredDocument[]),
    isActive: t.isActive,
    read: t.read,
    createdBy: t.createdBy,
    createdAt: iso(t.createdAt) as string,
    updatedAt: iso(t.updatedAt) as string,
  };
}

const cents = (n: number) => Math.round(n * 100);

/**
 * The ficha and operation a transaction names must be the caller's company's (404 FICHA_NOT_FOUND /
 * OPERATION_NOT_FOUND naming the field otherwise), checked through their modules in the transaction's own
 * transaction; the composite foreign keys of migration 0310 refuse them again.
 */
async function checkReferences(
  trx: Executor,
  companyId: string,
  refs: { fichaId?: string | null; operationId?: string | null },
) {
  if (refs.fichaId && !(await readFicha(trx, companyId, refs.fichaId)))
    throw fichaError('FICHA_NOT_FOUND', { field: 'fichaId' });
  if (refs.operationId) await assertOperationOf(trx, companyId, refs.operationId, 'operationId');
}

async function get(c: TenantCaller, deps: AppDeps, id: string) {
  const companyId = c.companyId;
  const t = await withTenant(deps.db, companyId, (trx) => repo.findTransaction(trx, companyId, id));
  if (!t) throw transactionError('TRANSACTION_NOT_FOUND');
  return t;
}

/** GET /transactions and /transactions/company/{companyId}: active ones unless the where asks for isActive. */
export async function listTransactions(
  deps: AppDeps,
  c: TenantCaller,
  f: { where?: Record<string, unknown>; order?: ListFilter['order']; limit: number; skip: number },
  companyParam?: string,
) {
  const companyId = c.companyId;
  if (companyParam !== undefined && companyParam !== companyId) throw transactionError('TRANSACTION_NOT_FOUND');
  const where = { isActive: true, ...(f.where ?? {}) };
  const cond = whereToSql(where, repo.TRANSACTION_FIELDS);
  const order = orderToSql(f.order, repo.TRANSACTION_FIELDS, 'transactions.created_at desc, transactions.id desc');
  const rows = await withTenant(deps.db, companyId, (trx) =>
    repo.listTransactions(trx, companyId, cond, { limit: f.limit, skip: f.skip, order }),
  );
  return rows.map(transactionView);
}

export async function countTransactions(deps: AppDeps, c: TenantCaller, where: Record<string, unknown> | undefined) {
  const companyId = c.companyId;
  const cond = whereToSql({ isActive: true, ...(where ?? {}) }, repo.TRANSACTION_FIELDS);
  return withTenant(deps.db, companyId, (trx) => repo.countTransactions(trx, companyId, cond));
}

export async function getTransaction(deps: AppDeps, c: TenantCaller, id: string) {
  return transactionView(await get(c, deps, id));
}

/** POST /transactions: cash within the amount, audited. */
export async function createTransaction(deps: AppDeps, c: TenantCaller, body: z.infer<typeof TransactionCreateBody>) {
  const companyId = c.companyId;
  if (cents(body.cashAmount) > cents(body.amount))
    throw transactionError('CASH_EXCEEDS_TOTAL', { field: 'cashAmount' });
  return withTenant(deps.db, companyId, async (trx) => {
    await checkReferences(trx, companyId, body);
    const t = await repo.insertTransaction(trx, companyId, {
      dni: body.dni,
      fichaId: body.fichaId ?? null,
      operationId: body.operationId ?? null,
      transactionType: body.transactionType ?? null,
      transactionDate: body.transactionDate ? normalizeDateInput(body.transactionDate) : null,
      divisa: body.divisa,
      amount: body.amount,
      cashAmount: body.cashAmount,
      description: body.description ?? null,
      files: JSON.stringify([]),
      createdBy: c.auth.userId,
    });
    const view = transactionView(t);
    await audit(trx, c, { action: 'transaction.created', entity: ENTITY, id: t.id, before: null, after: view });
    return view;
  });
}

/** PATCH /transactions/{id}, including {isActive:false} (soft delete). */
export async function updateTransaction(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  body: z.infer<typeof TransactionUpdateBody>,
) {
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const before = await repo.findTransaction(trx, companyId, id);
    if (!before) throw transactionError('TRANSACTION_NOT_FOUND');
    const amount = body.amount ?? Number(before.amount);
    const cashAmount = body.cashAmount ?? Number(before.cashAmount);
    if (cents(cashAmount) > cents(amount)) throw transactionError('CASH_EXCEEDS_TOTAL', { field: 'cashAmount' });
    await checkReferences(trx, companyId, body);
    const t = await repo.updateTransaction(trx, companyId, id, {
      dni: body.dni,
      fichaId: body.fichaId,
      operationId: body.operationId,
      transactionType: body.transactionType,
      transactionDate:
        body.transactionDate === undefined
          ? undefined
          : body.transactionDate === null
            ? null
            : normalizeDateInput(body.transactionDate),
      divisa: body.divisa,
      amount,
      cashAmount,
      description: body.description,
      isActive: body.isActive,
    });
    if (!t) throw transactionError('TRANSACTION_NOT_FOUND');
    const view = transactionView(t);
    const action = body.isActive === false ? 'transaction.deactivated' : 'transaction.updated';
    await audit(trx, c, { action, entity: ENTITY, id, before: transactionView(before), after: view });
    return view;
  });
}

/** PATCH /transactions/read: every id must be the caller's company's (one unknown id is a 404, nothing changes). */
export async function markRead(deps: AppDeps, c: TenantCaller, ids: string[]) {
  const companyId = c.companyId;
  const unique = [...new Set(ids)];
  const changed = await withTenant(deps.db, companyId, async (trx) => {
    if ((await repo.countTransactionsById(trx, companyId, unique)) !== unique.length)
      throw transactionError('TRANSACTION_NOT_FOUND', { field: 'ids' });
    return repo.markRead(trx, companyId, unique);
  });
  return { count: changed.length, ids: changed };
}

/** POST /transactions/{id}/upload-files: a checked PDF added to the transaction's files. */
export async function uploadFile(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  file: Pick<FileUpload, 'bytes'> & { filename?: string },
) {
  const companyId = c.companyId;
  const problem = await pdfProblem(file.bytes);
  if (problem) throw transactionError(problem);
  await get(c, deps, id);
  const storedName = newStoredName();
  await deps.files.put(recordFileKey(AREA, companyId, storedName) as string, file.bytes);
  return withTenant(deps.db, companyId, async (trx) => {
    const t = await repo.findTransaction(trx, companyId, id);
    if (!t) throw transactionError('TRANSACTION_NOT_FOUND');
    const files = [...((t.files ?? []) as StoredDocument[])];
    const doc: StoredDocument = {
      name: cleanFileName(file.filename),
      url: `/api/transactions/download-files/${storedName}`,
      active: true,
      size: file.bytes.length,
      uploadedAt: new Date().toISOString(),
      storedName,
    };
    files.push(doc);
    await repo.updateTransaction(trx, companyId, id, { files: JSON.stringify(files) });
    await audit(trx, c, {
      action: 'transaction.file.uploaded',
      entity: ENTITY,
      id,
      before: null,
      after: { name: doc.name, size: doc.size },
    });
    return { url: doc.url, name: doc.name, index: files.length - 1 };
  });
}

/** GET /transactions/download-files/{name}: only a file of one of the caller's company's transactions. */
export async function downloadFile(deps: AppDeps, c: TenantCaller, storedName: string) {
  const companyId = c.companyId;
  const t = await withTenant(deps.db, companyId, (trx) => repo.findTransactionByFile(trx, companyId, storedName));
  const doc = ((t?.files ?? []) as StoredDocument[]).find((f) => f.storedName === storedName);
  if (!t || !doc) throw transactionError('FILE_NOT_FOUND');
  const bytes = await readRecordFile({ files: deps.files, log: c.log }, recordFileKey(AREA, companyId, storedName));
  if (!bytes) throw transactionError('FILE_NOT_FOUND');
  return { name: doc.name, bytes };
}
