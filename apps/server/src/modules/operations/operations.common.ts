import { DEFAULT_ROE_THRESHOLD_USD } from '@regcheck/shared/schemas/operations';
import type { Executor } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import { opError } from './operations.errors';
import * as fichas from './operations.fichas';
import * as repo from './operations.repo';
import type { AssociateRow } from './operations.tables';

/** Who asks, and from where (for the audit row). */
export interface Caller {
  auth: AuthContext;
  ip?: string;
  requestId?: string;
}

export function companyOf(auth: AuthContext): string {
  if (!auth.companyId) throw new AppError('NO_COMPANY_ASSIGNED');
  return auth.companyId;
}

export function roeThreshold(auth: AuthContext): number {
  const v = Number((auth.company?.settings as Record<string, unknown> | undefined)?.roeThresholdUsd);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_ROE_THRESHOLD_USD;
}

export async function audit(trx: Executor, c: Caller, action: string, id: string, before: unknown, after: unknown) {
  await insertAudit(trx, {
    companyId: c.auth.companyId,
    userId: c.auth.userId,
    action,
    entity: 'operation',
    entityId: id,
    before,
    after,
    ip: c.ip ?? null,
    requestId: c.requestId ?? null,
  });
}

/** Refreshes the participants' name, e-mail and risk from their fichas (finish and resume). */
export async function refreshFromFichas(deps: AppDeps, auth: AuthContext, associates: AssociateRow[]) {
  const ids = associates.flatMap((a) => (a.fichaId ? [a.fichaId] : []));
  const current = await fichas.findFichasById(deps, auth, ids);
  return associates.map((a) => {
    const f = a.fichaId ? current.get(a.fichaId) : undefined;
    return f ? { ...a, name: f.name, email: f.email, risk: f.risk ?? '-', missingFields: f.missingFields } : a;
  });
}

export async function load(trx: Executor, companyId: string, id: string, opts: { forUpdate?: boolean } = {}) {
  const o = await repo.findOperation(trx, companyId, id, opts);
  if (!o) throw opError('OPERATION_NOT_FOUND');
  const associates = await repo.listAssociates(trx, companyId, [id]);
  return { o, associates };
}
