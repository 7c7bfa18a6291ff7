import { RiskConfiguration, type RiskConfigurationT } from '@regcheck/shared';
import type { RiskLevel } from '@regcheck/shared/format/index';
import type { Executor } from '../../db/tenant';
import { withTenant } from '../../db/tenant';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import * as fichasRepo from '../fichas/fichas.repo';
import type { FichaRow } from '../fichas/fichas.tables';
import * as relRepo from '../relationships/relationships.repo';
import { computeRisk, DEFAULT_RISK_CONFIGURATION, maxRisk } from './risk.model';
import * as repo from './risk.repo';

/** The company's risk configuration: the stored one over the defaults (a partial stored config keeps defaults). */
export async function configurationOf(db: Executor, companyId: string): Promise<RiskConfigurationT> {
  const row = await repo.findRiskConfiguration(db, companyId);
  if (!row) return DEFAULT_RISK_CONFIGURATION;
  const stored = (typeof row.config === 'string' ? JSON.parse(row.config) : row.config) as Partial<RiskConfigurationT>;
  const merged = { ...DEFAULT_RISK_CONFIGURATION, ...stored };
  const parsed = RiskConfiguration.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_RISK_CONFIGURATION;
}

/** GET /risk-configuration */
export function getConfiguration(deps: AppDeps, companyId: string) {
  return withTenant(deps.db, companyId, (trx) => configurationOf(trx, companyId));
}

/** PUT /risk-configuration: stores the configuration (audited) and recalculates every active ficha's risk. */
export async function putConfiguration(
  deps: AppDeps,
  auth: AuthContext,
  companyId: string,
  config: RiskConfigurationT,
) {
  return withTenant(deps.db, companyId, async (trx) => {
    const before = await configurationOf(trx, companyId);
    await repo.upsertRiskConfiguration(trx, companyId, config, auth.userId);
    await insertAudit(trx, {
      companyId,
      userId: auth.userId,
      action: 'risk.configuration.updated',
      entity: 'riskConfiguration',
      entityId: companyId,
      before,
      after: config,
    });
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

function dniCountry(row: FichaRow): string | null {
  const t = (typeof row.dniType === 'string' ? JSON.parse(row.dniType) : row.dniType) as { country?: string } | null;
  return t?.country ?? null;
}

/**
 * Recalculates one ficha's risk from its own data, its list results and its related persons, stores
 * calculatedRisk, effectiveRisk (the calculated risk raised to the highest related person's), the rules that
 * fired and the resulting risk (overwritten > effective > calculated). Returns the new row.
 */
export async function recalculate(db: Executor, companyId: string, fichaId: string, config?: RiskConfigurationT) {
  const row = await fichasRepo.findFicha(db, companyId, fichaId);
  if (!row) return undefined;
  const c = config ?? (await configurationOf(db, companyId));
  const related = await relRepo.relatedOf(db, companyId, fichaId, 'down');
  let relatedRisk: RiskLevel | null = null;
  for (const r of related) relatedRisk = maxRisk(relatedRisk, r.risk);
  const owners = related.filter((r) =>
    ['beneficiary', 'both', 'effectiveControl', 'partners'].includes(r.relationType),
  );
  const result = computeRisk(
    {
      personType: row.personType,
      pepStatus: row.pepStatus,
      position: row.position,
      businessType: row.businessType,
      employer: row.employer,
      income: row.income === null ? null : Number(row.income),
      nationality: row.nationality,
      countryOfResidence: row.countryOfResidence,
      dniCountry: dniCountry(row),
      matchedLists: matchedLists(row.listas),
      relatedRisk,
      unresolvedBeneficialOwner: row.personType === 'legal' && owners.length === 0,
    },
    c,
  );
  const effective = maxRisk(result.level, relatedRisk) ?? result.level;
  const risk = row.overwrittenRisk ?? effective;
  return fichasRepo.updateFicha(db, companyId, fichaId, {
    calculatedRisk: result.level,
    effectiveRisk: effective,
    risk,
    riskScore: result.score,
    riskReasons: JSON.stringify(result.reasons),
    updatedAt: row.updatedAt,
  });
}

/** Recalculates a ficha and then the fichas that have it as a related person (up to three levels up). */
export async function recalculateWithParents(db: Executor, companyId: string, fichaId: string) {
  const c = await configurationOf(db, companyId);
  const seen = new Set<string>();
  let frontier = [fichaId];
  for (let depth = 0; depth < 4 && frontier.length; depth++) {
    const next: string[] = [];
    for (const id of frontier) {
      if (seen.has(id)) continue;
      seen.add(id);
      await recalculate(db, companyId, id, c);
      for (const p of await relRepo.relatedOf(db, companyId, id, 'up')) next.push(p.fichaId);
    }
    frontier = next;
  }
}

/** Job: recalculates every active ficha of a company (after a configuration change). Idempotent. */
export async function recalculateCompany(deps: AppDeps, companyId: string) {
  let after: string | null = null;
  for (;;) {
    const page = await withTenant(deps.db, companyId, async (trx) => {
      const rows = await fichasRepo.activeFichasPage(trx, companyId, after, 500);
      const c = await configurationOf(trx, companyId);
      for (const r of rows) await recalculate(trx, companyId, r.id, c);
      return rows;
    });
    if (page.length < 500) break;
    after = page[page.length - 1]?.id ?? null;
  }
}

export function registerRiskJobs(deps: AppDeps) {
  deps.queue.register('risk.recalculateCompany', async (p) => recalculateCompany(deps, String(p.companyId)));
}

export { DEFAULT_RISK_CONFIGURATION };
