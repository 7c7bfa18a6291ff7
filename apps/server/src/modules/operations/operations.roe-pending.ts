import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps } from '../../plugins/context';
import { usdAt } from '../currency-rates/currency-rates.service';
import * as roeRepo from './operations.roe.repo';
import { roeThresholdOf } from './operations.rules';

/**
 * Cash stored without a dollar rate for its day waits for one (decision 128). When rates are loaded (PUT /divisas,
 * the Central Bank's file), the currency-rates module enqueues its job in the load's transaction and this handler
 * recomputes every company's waiting cash: the amount in USD and the ROE flag under the company's threshold, each
 * operation in its company's transaction with its audit row (who loaded the rates, the rate used). Cash still
 * without a rate keeps waiting. Safe to run twice: an operation no longer pending is not touched again.
 */
export async function recomputePendingCash(
  deps: AppDeps,
  payload: { loadedBy?: unknown; requestId?: unknown },
): Promise<number> {
  const targets = await withSystem(deps.db, (trx) => roeRepo.pendingEverywhere(trx));
  const byCompany = new Map<string, string[]>();
  for (const t of targets) byCompany.set(t.companyId, [...(byCompany.get(t.companyId) ?? []), t.id]);
  const userId = typeof payload.loadedBy === 'string' ? payload.loadedBy : null;
  const requestId = typeof payload.requestId === 'string' ? payload.requestId : null;
  let done = 0;
  for (const [companyId, ids] of byCompany) {
    done += await withTenant(deps.db, companyId, async (trx) => {
      const threshold = roeThresholdOf(await roeRepo.companySettings(trx, companyId));
      let n = 0;
      for (const o of await roeRepo.lockPending(trx, companyId, ids)) {
        const cash = Number(o.cashAmount);
        const converted = await usdAt(trx, cash, o.divisa, o.rateDate);
        if (!converted) continue;
        const roe = converted.usd > threshold;
        await roeRepo.setCashUsd(trx, companyId, o.id, { usd: converted.usd, roe });
        await audit(
          trx,
          { companyId, userId, requestId },
          {
            action: 'operation.roe.recomputed',
            entity: 'operation',
            id: o.id,
            before: { cashAmountUsd: null, roe: false, cashRatePending: o.rateDate },
            after: {
              cashAmountUsd: converted.usd,
              roe,
              thresholdUsd: threshold,
              rate: {
                divisa: o.divisa,
                day: o.rateDate,
                rateDate: converted.rate.rateDate,
                perUsd: converted.rate.perUsd,
                source: converted.rate.source,
              },
            },
          },
        );
        n++;
      }
      return n;
    });
  }
  if (done > 0) deps.log.info({ recomputed: done }, 'cash waiting for a dollar rate recomputed');
  return done;
}
