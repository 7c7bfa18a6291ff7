import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps } from '../../plugins/context';
import { type Rate, rateFor } from '../currency-rates';
import { cashInUsd } from './operations.roe';
import * as roeRepo from './operations.roe.repo';
import { roeApplies, roeThresholdOf } from './operations.rules';

/**
 * Cash stored without a dollar rate for its day waits for one (decision 128). When rates are loaded (PUT /divisas,
 * the Central Bank's file), the currency-rates module enqueues its job in the load's transaction and this handler
 * recomputes the waiting cash of every company the ROE applies to (not Brazil's): the amount in USD, the rate used
 * and the ROE flag under the company's threshold (cashInUsd, the rule of an operation's create and update), each
 * operation in its company's transaction with its audit row (who loaded the rates, the rate used). Cash still
 * without a rate keeps waiting. Safe to run twice: an operation no longer pending is not touched again. The pending
 * operations are selected by their condition (no list of ids, whatever their number) and each currency's rate of a
 * day is looked up once.
 */
export async function recomputePendingCash(
  deps: AppDeps,
  payload: { loadedBy?: unknown; requestId?: unknown },
): Promise<number> {
  const companies = await withSystem(deps.db, (trx) => roeRepo.companiesWithPending(trx));
  const userId = typeof payload.loadedBy === 'string' ? payload.loadedBy : null;
  const requestId = typeof payload.requestId === 'string' ? payload.requestId : null;
  let done = 0;
  for (const company of companies) {
    if (!roeApplies(company.country)) continue;
    const { companyId } = company;
    const rule = { thresholdUsd: roeThresholdOf(company.settings), applies: true };
    done += await withTenant(deps.db, companyId, async (trx) => {
      // each currency's rate of a day is looked up once
      const rates = new Map<string, Rate | undefined>();
      let n = 0;
      for (const o of await roeRepo.lockPending(trx, companyId)) {
        const key = `${o.divisa}|${o.rateDate}`;
        if (!rates.has(key)) rates.set(key, await rateFor(trx, o.divisa, o.rateDate));
        const converted = cashInUsd(rule, Number(o.cashAmount), o.divisa, o.rateDate, rates.get(key));
        if (converted.cashAmountUsd === null || !converted.cashRate) continue;
        await roeRepo.setCashUsd(trx, companyId, o.id, {
          usd: converted.cashAmountUsd,
          rate: converted.cashRate,
          roe: converted.roe,
        });
        await audit(
          trx,
          { companyId, userId, requestId },
          {
            action: 'operation.roe.recomputed',
            entity: 'operation',
            id: o.id,
            before: { cashAmountUsd: null, roe: false, cashRatePending: o.rateDate },
            after: {
              cashAmountUsd: converted.cashAmountUsd,
              roe: converted.roe,
              thresholdUsd: rule.thresholdUsd,
              rate: converted.cashRate,
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
