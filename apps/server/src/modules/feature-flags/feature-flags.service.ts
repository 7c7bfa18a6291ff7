import { withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';
import { mayAskAboutCompany } from './feature-flags.policy';
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
  } catch (err) {
    // a failed check counts as off (spec 001 §8), but it is a fault to look at
    deps.log.error({ err, flag: name }, 'feature flag check failed; answered off');
    return false;
  }
}

/** GET /feature-flags/{flagName}/{configuredId}: a company user asks only about its own company. */
export async function check(deps: AppDeps, c: Caller, name: string, configuredId: string) {
  if (!mayAskAboutCompany(c, configuredId)) return false;
  return isEnabled(deps, name, configuredId);
}

/** PUT /feature-flags/{flagName} (super administrator), audited. */
export async function setFlag(
  deps: AppDeps,
  c: Caller,
  name: string,
  body: { enabled: boolean; environments: string[]; companyIds: string[] | null },
) {
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findFlag(trx, name);
    const after = await repo.upsertFlag(trx, { name, ...body });
    // platform-wide setting: the row belongs to no company
    await audit(
      trx,
      { ...c, companyId: null },
      {
        action: 'featureFlag.updated',
        entity: 'featureFlag',
        id: name,
        before: before ?? null,
        after,
      },
    );
    return after;
  });
}
