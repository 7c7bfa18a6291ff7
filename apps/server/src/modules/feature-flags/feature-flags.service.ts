import { withSystem } from '../../db/tenant';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import * as repo from './feature-flags.repo';

export const CONSULTATIONS_RESUME_FLAG = 'consultations_resume_is_enabled';

/**
 * True when the flag is on, the running environment (NODE_ENV) is allowed and the company is allowed (a null
 * company list allows every company). Any failure answers false (spec 001 §8: a failed check counts as off).
 */
export async function isEnabled(deps: AppDeps, name: string, companyId: string | null): Promise<boolean> {
  try {
    const flag = await repo.findFlag(deps.db, name);
    if (!flag?.enabled) return false;
    if (!flag.environments.includes(deps.config.env) && !flag.environments.includes('*')) return false;
    if (flag.companyIds === null) return companyId !== null;
    return companyId !== null && flag.companyIds.includes(companyId);
  } catch {
    return false;
  }
}

/** GET /feature-flags/{flagName}/{configuredId}: a company user asks only about its own company. */
export async function check(deps: AppDeps, auth: AuthContext, name: string, configuredId: string) {
  if (auth.role !== 'superAdmin' && auth.companyId !== configuredId) return false;
  return isEnabled(deps, name, configuredId);
}

/** PUT /feature-flags/{flagName} (super administrator), audited. */
export async function setFlag(
  deps: AppDeps,
  auth: AuthContext,
  name: string,
  body: { enabled: boolean; environments: string[]; companyIds: string[] | null },
) {
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findFlag(trx, name);
    const after = await repo.upsertFlag(trx, { name, ...body });
    await insertAudit(trx, {
      companyId: null,
      userId: auth.userId,
      action: 'featureFlag.updated',
      entity: 'featureFlag',
      entityId: name,
      before: before ?? null,
      after,
    });
    return after;
  });
}
