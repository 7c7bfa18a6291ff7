import { padCodigo } from '@regcheck/shared/format/index';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as repo from './reports.exports.repo';
import { periodOf } from './reports.range';

const num = (v: string | number | null) => (v === null || v === undefined ? null : Number(v));

/**
 * GET /trace-list-premiums (docs/decisions.md 43): the active operations created in
 * the period that carry insurance data (a policy number or a premium), newest first, with the insurance fields of
 * spec 000 and the trace of the premium: every recorded policy change with its premium, status, author and date.
 */
export async function tracePremiums(
  deps: AppDeps,
  caller: TenantCaller,
  q: { from?: string; to?: string; limit: number; skip: number },
) {
  const p = periodOf(q.from, q.to, new Date(), { from: 'from', to: 'to' });
  const { rows, count } = await withTenant(deps.db, caller.companyId, async (trx) => ({
    rows: await repo.premiumOperations(trx, caller.companyId, p.range, q.limit, q.skip),
    count: await repo.countPremiumOperations(trx, caller.companyId, p.range),
  }));
  return {
    from: p.from,
    to: p.to,
    count,
    data: rows.map((r) => ({
      id: r.id,
      codigo: r.codigo,
      codigoFormatted: padCodigo(r.codigo),
      transactionDate: r.transactionDate ? new Date(r.transactionDate).toISOString() : null,
      divisa: r.divisa,
      policyNumber: r.policyNumber,
      product: r.product,
      startDate: r.startDate,
      endDate: r.endDate,
      premiumSFP: num(r.premiumSfp),
      policyStatus: r.policyStatus,
      paymentChannel: r.paymentChannel,
      paymentMethod: r.paymentMethod,
      policyValueAtClosure: num(r.policyValueAtClosure),
      createdAt: new Date(r.createdAt).toISOString(),
      trace: r.trace.map((h) => ({
        changedAt: new Date(h.changedAt).toISOString(),
        premiumSFP: num(h.premiumSFP),
        policyStatus: h.policyStatus,
        changedBy: h.changedBy ?? '',
      })),
    })),
  };
}
