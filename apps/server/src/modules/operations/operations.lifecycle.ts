import { highestRisk } from '@regcheck/shared/format/index';
import type { OperationViewT } from '@regcheck/shared/schemas/operations';
import type { AssociateRow } from '../../db/tables/operations.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { deliverWebhookEvent } from '../webhooks';
import { opError } from './operations.errors';
import { refreshFromFichas } from './operations.fichas';
import * as historyRepo from './operations.history.repo';
import { load } from './operations.load';
import { mayRestore } from './operations.policy';
import * as repo from './operations.repo';
import { viewRules } from './operations.rules';
import * as view from './operations.view';

/** Form statuses per participant when no forms module answers: notRequired (spec 000 §4 default). */
function formStatusesOf(associates: { dni: string; fichaId: string | null; name: string }[]) {
  return associates.map((a, associateIndex) => ({
    associateIndex,
    dni: a.dni,
    fichaId: a.fichaId,
    name: a.name,
    forms: { formDOF: 'notRequired', formBF: 'notRequired', formPep: 'notRequired' } as const,
    generalStatus: 'notRequired' as const,
  }));
}

/** The participants' form statuses: the forms module's (through its provider), else notRequired for each. */
function diligencesOf(
  deps: AppDeps,
  trx: Executor,
  companyId: string,
  id: string,
  associates: { dni: string; fichaId: string | null; name: string }[],
) {
  const formStatuses = deps.bus.answerer('operations.formStatuses');
  return formStatuses ? formStatuses(trx, companyId, id) : formStatusesOf(associates);
}

/** GET /consultations/getGeneralFormStatus/{id} */
export async function generalFormStatus(deps: AppDeps, c: TenantCaller, id: string) {
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const { associates } = await load(trx, companyId, id);
    return diligencesOf(deps, trx, companyId, id, associates);
  });
}

async function replaceRisks(
  trx: Parameters<typeof repo.replaceAssociates>[0],
  companyId: string,
  id: string,
  refreshed: AssociateRow[],
) {
  await repo.replaceAssociates(trx, companyId, id, refreshed);
}

/**
 * PATCH /consultations/finalizar/{id}: 'end operation'. Only an open, active operation whose transaction is complete
 * and which has no pending file. Stores the data, risks and diligences of this moment as an immutable historical
 * record, in the same transaction as the state change and its audit row.
 */
export async function finishOperation(deps: AppDeps, c: TenantCaller, id: string): Promise<OperationViewT> {
  const companyId = c.companyId;
  const pre = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, id));
  const refreshed = await refreshFromFichas(deps, c, pre.associates);
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
    const after = view.operationView(o, await repo.listAssociates(trx, companyId, [id]), viewRules(c));
    await historyRepo.insertSnapshot(trx, companyId, {
      operationId: id,
      data: { operation: after, diligences: await diligencesOf(deps, trx, companyId, id, after.associates) },
      createdBy: c.auth.userId,
      createdByName: c.auth.user.name,
    });
    const was = view.operationView(before, associates, viewRules(c));
    await audit(trx, c, { action: 'operation.finished', entity: 'operation', id, before: was, after });
    await deliverWebhookEvent(deps.queue, trx, companyId, 'operation.finished', {
      operationId: id,
      codigo: after.codigo,
      risk: after.risk,
      finishedAt: o.finishedAt?.toISOString() ?? null,
    });
    return after;
  });
}

/** 'resume operation': closed becomes open again; the participants' risks are refreshed from their fichas. */
export async function resumeOperation(deps: AppDeps, c: TenantCaller, id: string): Promise<OperationViewT> {
  const companyId = c.companyId;
  const pre = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, id));
  const refreshed = await refreshFromFichas(deps, c, pre.associates);
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
    const after = view.operationView(o, await repo.listAssociates(trx, companyId, [id]), viewRules(c));
    const was = view.operationView(before, associates, viewRules(c));
    await audit(trx, c, { action: 'operation.resumed', entity: 'operation', id, before: was, after });
    return after;
  });
}

/** PATCH /consultations/{id}/status-snapshot {consultationStatus} */
export async function setStatusSnapshot(deps: AppDeps, c: TenantCaller, id: string, consultationStatus: string) {
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const { o: before, associates } = await load(trx, companyId, id, { forUpdate: true });
    const o = await repo.updateOperation(trx, companyId, id, { consultationStatus, updatedBy: c.auth.userId });
    if (!o) throw opError('OPERATION_NOT_FOUND');
    await audit(trx, c, {
      action: 'operation.statusSnapshot',
      entity: 'operation',
      id,
      before: { consultationStatus: before.consultationStatus },
      after: { consultationStatus },
    });
    return view.operationView(o, associates, viewRules(c));
  });
}

/**
 * Moves operations to the trash (inactive) or back. Every id must be the caller's company's: one unknown id makes
 * the whole call a 404 and changes nothing.
 */
export async function setRecordStatus(deps: AppDeps, c: TenantCaller, ids: string[], status: 'active' | 'inactive') {
  const companyId = c.companyId;
  if (status === 'active' && !mayRestore(c)) throw new AppError('FORBIDDEN');
  const unique = [...new Set(ids)];
  return withTenant(deps.db, companyId, async (trx) => {
    const found = await repo.findOperations(trx, companyId, unique);
    if (found.length !== unique.length) throw opError('OPERATION_NOT_FOUND');
    const changed = await repo.setRecordStatus(trx, companyId, unique, status, c.auth.userId);
    for (const id of changed) {
      await audit(trx, c, {
        action: status === 'inactive' ? 'operation.deleted' : 'operation.restored',
        entity: 'operation',
        id,
        before: { recordStatus: status === 'inactive' ? 'active' : 'inactive' },
        after: { recordStatus: status },
      });
    }
    return { count: changed.length, consultationIds: changed };
  });
}

/** PATCH /consultations/status/{id} {status}: closed finishes, open resumes, inactive trashes, active restores. */
export async function setStatus(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  status: 'open' | 'closed' | 'active' | 'inactive',
) {
  if (status === 'closed') return finishOperation(deps, c, id);
  if (status === 'open') return resumeOperation(deps, c, id);
  await setRecordStatus(deps, c, [id], status);
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id);
    return view.operationView(o, associates, viewRules(c));
  });
}

/** PATCH /consultations/read {consultationIds}: every id must be the caller's company's (404 otherwise). */
export async function markRead(deps: AppDeps, c: TenantCaller, ids: string[]) {
  const companyId = c.companyId;
  const unique = [...new Set(ids)];
  const changed = await withTenant(deps.db, companyId, async (trx) => {
    const found = await repo.findOperations(trx, companyId, unique);
    if (found.length !== unique.length) throw opError('OPERATION_NOT_FOUND', { field: 'consultationIds' });
    return repo.markRead(trx, companyId, unique);
  });
  return { count: changed.length, consultationIds: changed };
}
