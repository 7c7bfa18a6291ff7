import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps } from '../../plugins/context';
import { type Rate, rateFor } from '../currency-rates';
import { ddThresholdsOf, dueDiligenceWith } from './operations.due-diligence';
import * as ddRepo from './operations.due-diligence.repo';
import { refreshFormSnapshot } from './operations.events';

/** The job that evaluates the operations never evaluated, enqueued once at start when there are any. */
export const DD_EVALUATE_JOB = 'operations.dueDiligence.evaluate';

/**
 * At start: operations older than migration 0630 are evaluated in a queued job (decision 146), not only at the next
 * rate load; nothing is enqueued when every operation was evaluated.
 */
export async function enqueueNeverEvaluated(deps: AppDeps) {
  await withSystem(deps.db, async (trx) => {
    if (await ddRepo.anyNeverEvaluated(trx))
      await deps.queue.enqueue(trx, DD_EVALUATE_JOB, {}, { singletonKey: DD_EVALUATE_JOB });
  });
}

/**
 * After a rate load (the job the currency-rates module enqueues, as for the ROE's pending cash, decision 128): every
 * operation whose due diligence by amount waits for its day's rate, or was never evaluated (before migration 0630),
 * is evaluated with the company's thresholds in force, in its company's transaction with its audit row and its
 * participants' form statuses refreshed. Still without a rate: it keeps waiting (stored as pending). Idempotent: an
 * evaluated operation is not selected again.
 */
export async function evaluateWaitingDueDiligence(
  deps: AppDeps,
  payload: { loadedBy?: unknown; requestId?: unknown },
): Promise<number> {
  const companies = await withSystem(deps.db, (trx) => ddRepo.companiesWaiting(trx));
  const userId = typeof payload.loadedBy === 'string' ? payload.loadedBy : null;
  const requestId = typeof payload.requestId === 'string' ? payload.requestId : null;
  let done = 0;
  for (const company of companies) {
    const { companyId } = company;
    const thresholds = ddThresholdsOf(company.country, company.settings);
    done += await withTenant(deps.db, companyId, async (trx) => {
      const rates = new Map<string, Rate | undefined>();
      let n = 0;
      for (const o of await ddRepo.lockWaiting(trx, companyId)) {
        const amount = Number(o.amount);
        const key = `${o.divisa}|${o.rateDay}`;
        if (amount > 0 && !rates.has(key)) rates.set(key, await rateFor(trx, o.divisa, o.rateDay));
        const d = dueDiligenceWith(
          thresholds,
          {
            amount,
            divisa: o.divisa,
            day: o.rateDay,
            transactionType: o.transactionType,
            policyNumber: o.policyNumber,
          },
          rates.get(key),
        );
        // still without a rate and already recorded as waiting: nothing changes
        if (d.pending !== null && o.dueDiligence !== null) continue;
        await ddRepo.setDueDiligence(trx, companyId, o.id, d);
        await refreshFormSnapshot(deps, trx, companyId, o.id);
        await audit(
          trx,
          { companyId, userId, requestId },
          {
            action: 'operation.dueDiligence.evaluated',
            entity: 'operation',
            id: o.id,
            before: { dueDiligence: o.dueDiligence },
            after: { dueDiligence: d },
          },
        );
        n++;
      }
      return n;
    });
  }
  if (done > 0) deps.log.info({ evaluated: done }, 'due diligence by amount evaluated after a rate load');
  return done;
}
