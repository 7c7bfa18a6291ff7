import type { AppDeps, TenantCaller } from '../../plugins/context';
import { setAccount } from './providers.account.service';
import { PROVIDERS } from './providers.adapter';
import { SAMPLE_BASE_URL } from './providers.sample';
import { configure } from './providers.service';

/**
 * The demo company's providers (REGCHECK_DEMO only): every adapter points to the built-in sample server, called with
 * the token of a sample data-provider account, and every answer it gives is labelled "sample data" on the pages.
 */
export async function seedDemoProviders(deps: AppDeps, caller: TenantCaller): Promise<void> {
  await setAccount(deps, caller, caller.companyId, {
    baseUrl: SAMPLE_BASE_URL,
    clientId: 'regcheck-demo',
    clientSecret: 'sample-secret',
    sample: true,
  });
  for (const provider of PROVIDERS) {
    await configure(deps, caller, caller.companyId, provider, {
      baseUrl: SAMPLE_BASE_URL,
      requestLimit: null,
      enabled: true,
      sample: true,
    });
  }
}
