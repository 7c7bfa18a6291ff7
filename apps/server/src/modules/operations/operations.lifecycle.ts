import { can } from '@regcheck/shared';
import { highestRisk, padCodigo } from '@regcheck/shared/format/index';
import type { OperationViewT } from '@regcheck/shared/schemas/operations';
import { withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { audit, type Caller, companyOf, load, refreshFromFichas, roeThreshold } from './operations.common';
import { opError } from './operations.errors';
import * as repo from './operations.repo';
import type { AssociateRow } from './operations.tables';
import * as view from './operations.view';

/** Form statuses per participant: notRequired until the forms issue lands (spec 000 §4 default). */
export function formStatusesOf(associates: { dni: string; fichaId: string | null; name: string }[]) {
  return associates.map((a, associateIndex) => ({
    associateIndex,
    dni: a.dni,
    fichaId: a.fichaId,
    name: a.name,
    forms: { formDOF: 'notRequired', formBF: 'notRequired', formPep: 'notRequired' } as const,
    generalStatus: 'notRequired' as const,
  }));
}

/** GET /consultations/getGeneralFormStatus/{id} */
export async function generalFormStatus(deps: AppDeps, auth: AuthContext, id: string) {
  const companyId = companyOf(auth);
  const { associates } = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, id));
  return formStatusesOf(associates);
}

async function replaceRisks(
  trx: Parameters<typeof repo.replaceAssociates>[0],
  companyId: string,
  id: string,
  refreshed: AssociateRow[],
) {
  await repo.replaceAssociates(
    trx,
    companyId,
    id,
    refreshed.map((a) => ({
      fichaId: a.fichaId,
      dni: a.dni,
      dniType: a.dniType === null ? null : JSON.stringify(a.dniType),
      personType: a.personType,
      currency: a.currency,
      monto: a.monto,
      efective: a.efective,
      personsRelations: JSON.stringify(a.personsRelations ?? []),
      name: a.name,
      email: a.email,
      risk: a.risk,
      missingFields: JSON.stringify(a.missingFields ?? []),
    })),
  );
}

/**
 * PATCH /consultations/finalizar/{id}: 'end operation'. Only an open, active operation whose transaction is complete
 * and which has no pending file. Stores the data, risks and diligences of this moment as an immutable historical
 * record, in the same transaction as the state change and its audit row.
 */
export async function finishOperation(deps: AppDeps, c: Caller, id: string): Promise<OperationViewT> {
  const companyId = companyOf(c.auth);
  const pre = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, id));
  const refreshed = await refreshFromFichas(deps, c.auth, pre.associates);
  return withTenant(deps.db, companyId, async (trx) => {
    const { o: before, associates } = await load(trx, companyId, id, { forUpdate: true });
    if (before.recordStatus === 'inactive') throw opError('OPERATION_INACTIVE');
    if (before.state === 'closed') throw opError('OPERATION_FINISHED');
    if (!view.isTransactionComplete(before, associates)) throw opError('TRANSACTION_INCOMPLETE');
    if (view.hasPendingFiles(before)) throw opError('FILES_PENDING');
    const current = associates.map((a) => refreshed.find((r) => r.id === a.id) ?? a);
    await replaceRisks(trx, companyId, id, current);
    const o = await repo.updateOperation(trx, companyId, id, {
      state: 'closed',
      risk: highestRisk(current.map((a) => a.risk)),
      finishedAt: new Date(),
      finishedBy: c.auth.userId,
      updatedBy: c.auth.userId,
    });
    if (!o) throw opError('OPERATION_NOT_FOUND');
    const after = view.operationView(o, await repo.listAssociates(trx, companyId, [id]));
    await repo.insertSnapshot(trx, companyId, {
      operationId: id,
      data: { operation: after, diligences: formStatusesOf(after.associates) },
      createdBy: c.auth.userId,
      createdByName: c.auth.user.name,
    });
    await audit(trx, c, 'operation.finished', id, view.operationView(before, associates), after);
    return after;
  });
}

/** 'resume operation': closed becomes open again; the participants' risks are refreshed from their fichas. */
export async function resumeOperation(deps: AppDeps, c: Caller, id: string): Promise<OperationViewT> {
  const companyId = companyOf(c.auth);
  const pre = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, id));
  const refreshed = await refreshFromFichas(deps, c.auth, pre.associates);
  return withTenant(deps.db, companyId, async (trx) => {
    const { o: before, associates } = await load(trx, companyId, id, { forUpdate: true });
    if (before.recordStatus === 'inactive') throw opError('OPERATION_INACTIVE');
    if (before.state !== 'closed') throw opError('OPERATION_NOT_FINISHED');
    const current = associates.map((a) => refreshed.find((r) => r.id === a.id) ?? a);
    await replaceRisks(trx, companyId, id, current);
    const o = await repo.updateOperation(trx, companyId, id, {
      state: 'open',
      risk: highestRisk(current.map((a) => a.risk)),
      finishedAt: null,
      finishedBy: null,
      updatedBy: c.auth.userId,
    });
    if (!o) throw opError('OPERATION_NOT_FOUND');
    const after = view.operationView(o, await repo.listAssociates(trx, companyId, [id]));
    await audit(trx, c, 'operation.resumed', id, view.operationView(before, associates), after);
    return after;
  });
}

/** PATCH /consultations/{id}/status-snapshot {consultationStatus} */
export async function setStatusSnapshot(deps: AppDeps, c: Caller, id: string, consultationStatus: string) {
  const companyId = companyOf(c.auth);
  return withTenant(deps.db, companyId, async (trx) => {
    const { o: before, associates } = await load(trx, companyId, id, { forUpdate: true });
    const o = await repo.updateOperation(trx, companyId, id, { consultationStatus, updatedBy: c.auth.userId });
    if (!o) throw opError('OPERATION_NOT_FOUND');
    await audit(
      trx,
      c,
      'operation.statusSnapshot',
      id,
      { consultationStatus: before.consultationStatus },
      { consultationStatus },
    );
    return view.operationView(o, associates);
  });
}

/**
 * Moves operations to the trash (inactive) or back. Every id must be the caller's company's: one unknown id makes
 * the whole call a 404 and changes nothing.
 */
export async function setRecordStatus(deps: AppDeps, c: Caller, ids: string[], status: 'active' | 'inactive') {
  const companyId = companyOf(c.auth);
  if (status === 'active' && !can({ role: c.auth.role, company: c.auth.company }, 'consultationTrash')) {
    throw new AppError('FORBIDDEN');
  }
  const unique = [...new Set(ids)];
  return withTenant(deps.db, companyId, async (trx) => {
    const found = await repo.findOperations(trx, companyId, unique);
    if (found.length !== unique.length) throw opError('OPERATION_NOT_FOUND');
    const changed = await repo.setRecordStatus(trx, companyId, unique, status, c.auth.userId);
    for (const id of changed) {
      await audit(
        trx,
        c,
        status === 'inactive' ? 'operation.deleted' : 'operation.restored',
        id,
        { recordStatus: status === 'inactive' ? 'active' : 'inactive' },
        { recordStatus: status },
      );
    }
    return { count: changed.length, consultationIds: changed };
  });
}

/** PATCH /consultations/status/{id} {status}: closed finishes, open resumes, inactive trashes, active restores. */
export async function setStatus(
  deps: AppDeps,
  c: Caller,
  id: string,
  status: 'open' | 'closed' | 'active' | 'inactive',
) {
  if (status === 'closed') return finishOperation(deps, c, id);
  if (status === 'open') return resumeOperation(deps, c, id);
  await setRecordStatus(deps, c, [id], status);
  const companyId = companyOf(c.auth);
  return withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id);
    return view.operationView(o, associates);
  });
}

/** PATCH /consultations/read {consultationIds} */
export async function markRead(deps: AppDeps, c: Caller, ids: string[]) {
  const companyId = companyOf(c.auth);
  const changed = await withTenant(deps.db, companyId, (trx) => repo.markRead(trx, companyId, [...new Set(ids)]));
  return { count: changed.length, consultationIds: changed };
}

function currentQuarter(now = new Date()) {
  const y = now.getUTCFullYear();
  const q = Math.floor(now.getUTCMonth() / 3);
  const from = new Date(Date.UTC(y, q * 3, 1));
  const to = new Date(Date.UTC(y, q * 3 + 3, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** GET /consultations/roe: ROE of a period (quarter by default); negative when no cash operation passed the threshold. */
export async function roeSummary(deps: AppDeps, auth: AuthContext, period: { from?: string; to?: string }) {
  const companyId = companyOf(auth);
  const q = currentQuarter();
  const from = period.from ?? q.from;
  const to = period.to ?? q.to;
  const count = await withTenant(deps.db, companyId, (trx) =>
    repo.countOperations(trx, companyId, repo.uafCondition(from, to)),
  );
  return { thresholdUsd: roeThreshold(auth), from, to, count, negative: count === 0 };
}

/** GET /uaf-operations: the active cash operations above the ROE threshold, by transaction date. */
export async function uafOperations(
  deps: AppDeps,
  auth: AuthContext,
  f: { from?: string; to?: string; limit: number; skip: number },
) {
  const companyId = companyOf(auth);
  const threshold = roeThreshold(auth);
  return withTenant(deps.db, companyId, async (trx) => {
    const rows = await repo.listOperations(trx, companyId, repo.uafCondition(f.from, f.to), f);
    const associates = await repo.listAssociates(
      trx,
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((o) => ({
      id: o.id,
      codigo: o.codigo,
      codigoFormatted: padCodigo(o.codigo),
      transactionDate: o.transactionDate ? new Date(o.transactionDate).toISOString() : null,
      divisa: o.divisa as OperationViewT['divisa'],
      cashAmount: Number(o.cashAmount),
      cashAmountUsd: o.cashAmountUsd === null ? null : Number(o.cashAmountUsd),
      thresholdUsd: threshold,
      participants: associates
        .filter((a) => a.operationId === o.id)
        .map((a) => ({ dni: a.dni, name: a.name, efective: Number(a.efective) })),
    }));
  });
}

export async function countUafOperations(deps: AppDeps, auth: AuthContext, f: { from?: string; to?: string }) {
  const companyId = companyOf(auth);
  return withTenant(deps.db, companyId, (trx) => repo.countOperations(trx, companyId, repo.uafCondition(f.from, f.to)));
}
