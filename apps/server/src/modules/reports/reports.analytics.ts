import { withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { mayUseAnalytics } from './reports.policy';
import * as repo from './reports.repo';

const ANALYTICS_MONTHS = 12;

/**
 * GET /analytics/trends: the last 12 months (this one included) of individual searches and their matches, fichas
 * created, with list matches and rated high. Only the allow-listed companies (REGCHECK_RESTRICTED_COMPANIES); any
 * other company gets 404, as the screen's /notFound.
 */
export async function trends(deps: AppDeps, caller: TenantCaller, now = new Date()) {
  if (!mayUseAnalytics(caller, deps.config.restrictedCompanies)) throw new AppError('NOT_FOUND');
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (ANALYTICS_MONTHS - 1), 1));
  const rows = await withTenant(deps.db, caller.companyId, async (trx) => {
    await repo.withoutJit(trx);
    return repo.monthlyTrends(trx, caller.companyId, from.toISOString().slice(0, 10), ANALYTICS_MONTHS);
  });
  return rows.map((r) => ({
    month: r.month,
    searches: Number(r.searches),
    searchMatches: Number(r.searchMatches),
    fichas: Number(r.fichas),
    fichaMatches: Number(r.fichaMatches),
    highRisk: Number(r.highRisk),
  }));
}
