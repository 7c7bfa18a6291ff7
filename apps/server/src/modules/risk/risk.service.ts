import { listControlsOf, RiskConfiguration, type RiskConfigurationT } from '@regcheck/shared';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';
import { DEFAULT_RISK_CONFIGURATION, type RiskModel } from './risk.model';
import * as repo from './risk.repo';

/**
 * The company's risk model: the stored configuration over the defaults (a partial stored config keeps defaults),
 * with the super administrator's list controls (which lists count and their weights, company settings).
 */
export async function configurationOf(db: Executor, companyId: string): Promise<RiskModel> {
  const listControls = listControlsOf(await repo.companySettings(db, companyId));
  const row = await repo.findRiskConfiguration(db, companyId);
  if (!row) return { ...DEFAULT_RISK_CONFIGURATION, listControls };
  const stored = (typeof row.config === 'string' ? JSON.parse(row.config) : row.config) as Partial<RiskConfigurationT>;
  const merged = { ...DEFAULT_RISK_CONFIGURATION, ...stored };
  const parsed = RiskConfiguration.safeParse(merged);
  return { ...(parsed.success ? parsed.data : DEFAULT_RISK_CONFIGURATION), listControls };
}

/** GET /risk-configuration */
export function getConfiguration(deps: AppDeps, companyId: string) {
  return withTenant(deps.db, companyId, (trx) => configurationOf(trx, companyId));
}

/**
 * PUT /risk-configuration: stores the configuration (audited) and queues 'risk.recalculateCompany', the job of
 * fichas' rating (fichas.rating.ts) that rates every active ficha again.
 */
export async function putConfiguration(deps: AppDeps, caller: Caller, companyId: string, config: RiskConfigurationT) {
  return withTenant(deps.db, companyId, async (trx) => {
    const { listControls: _lists, ...before } = await configurationOf(trx, companyId);
    await repo.upsertRiskConfiguration(trx, companyId, config, caller.auth.userId);
    await audit(
      trx,
      { companyId, userId: caller.auth.userId, ip: caller.ip, requestId: caller.requestId },
      { action: 'risk.configuration.updated', entity: 'riskConfiguration', id: companyId, before, after: config },
    );
    await deps.queue.enqueue(
      trx,
      'risk.recalculateCompany',
      { companyId },
      { singletonKey: `risk:${companyId}`, companyId },
    );
    return config;
  });
}

/** Lists of a ficha's `listas` with a coincidence that was not dismissed. */
export function matchedLists(listas: unknown): string[] {
  const l = (typeof listas === 'string' ? JSON.parse(listas) : listas) as {
    lists?: { listId: string; coincidence: boolean }[];
  } | null;
  return (l?.lists ?? []).filter((x) => x.coincidence).map((x) => x.listId);
}

/** The rating model, for the module that rates fichas. */
export { computeRisk, listKind, maxRisk } from './risk.model';
export { DEFAULT_RISK_CONFIGURATION };
