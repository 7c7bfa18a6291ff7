import { padCodigo } from '@regcheck/shared/format/index';
import type { OperationViewT } from '@regcheck/shared/schemas/operations';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as repo from './operations.repo';
import { roeThreshold } from './operations.rules';

/** The ROE (cash operations above the company's threshold in USD) and the UAF report that lists them. */

function currentQuarter(now = new Date()) {
  const y = now.getUTCFullYear();
  const q = Math.floor(now.getUTCMonth() / 3);
  const from = new Date(Date.UTC(y, q * 3, 1));
  const to = new Date(Date.UTC(y, q * 3 + 3, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** GET /consultations/roe: ROE of a period (quarter by default); negative when no cash operation passed the threshold. */
export async function roeSummary(deps: AppDeps, c: TenantCaller, period: { from?: string; to?: string }) {
  const companyId = c.companyId;
  const q = currentQuarter();
  const from = period.from ?? q.from;
  const to = period.to ?? q.to;
  const count = await withTenant(deps.db, companyId, (trx) =>
    repo.countOperations(trx, companyId, repo.uafCondition(from, to)),
  );
  return { thresholdUsd: roeThreshold(c), from, to, count, negative: count === 0 };
}

/** GET /uaf-operations: the active cash operations above the ROE threshold, by transaction date. */
export async function uafOperations(
  deps: AppDeps,
  c: TenantCaller,
  f: { from?: string; to?: string; limit: number; skip: number },
) {
  const companyId = c.companyId;
  const threshold = roeThreshold(c);
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

export async function countUafOperations(deps: AppDeps, c: TenantCaller, f: { from?: string; to?: string }) {
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, (trx) => repo.countOperations(trx, companyId, repo.uafCondition(f.from, f.to)));
}
