import type { AppDeps, Caller } from '../../plugins/context';
import { accountOf, renewToken } from './providers.account.service';
import { listConfigs } from './providers.service';

/**
 * GET /companies/get-datacorp-info/{id} (decision 81): the company's data-provider account (never the secret nor
 * the token) and, per configured provider, how it is called and how many requests the contract still allows.
 */
export async function datacorpInfo(deps: AppDeps, caller: Caller, companyId: string) {
  const configs = await listConfigs(deps, caller, companyId);
  const account = await accountOf(deps, companyId);
  return {
    companyId,
    account,
    providers: configs.map((c) => ({
      provider: c.provider,
      enabled: c.enabled,
      authentication: c.hasCredentials
        ? ('credentials' as const)
        : account.hasSecret
          ? ('accountToken' as const)
          : ('none' as const),
      requestLimit: c.requestLimit,
      requestsUsed: c.requestsUsed,
      remaining: c.requestLimit === null ? null : Math.max(0, c.requestLimit - c.requestsUsed),
      sample: c.sample,
    })),
  };
}

/** POST /companies/create-renew-datacorp-token/{id}: a new token from the account's endpoint, then the info. */
export async function createRenewToken(deps: AppDeps, caller: Caller, companyId: string) {
  await listConfigs(deps, caller, companyId); // 404 for an unknown company before any call goes out
  await renewToken(deps, caller, companyId);
  return datacorpInfo(deps, caller, companyId);
}
