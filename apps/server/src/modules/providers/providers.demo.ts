import type { AppDeps, TenantCaller } from '../../plugins/context';
import { PROVIDERS } from './providers.adapters';
import { SAMPLE_BASE_URL } from './providers.sample';
import { configure } from './providers.service';

/**
 * The demo company's providers (REGCHECK_DEMO only): every adapter points to the built-in sample server, and every
 * answer it gives is labelled "sample data" on the pages.
 */
export async function seedDemoProviders(deps: AppDeps, caller: TenantCaller): Promise<void> {
  for (const provider of PROVIDERS) {
    await configure(deps, caller, caller.companyId, provider, {
      baseUrl: SAMPLE_BASE_URL,
      requestLimit: null,
      enabled: true,
      sample: true,
    });
  }
}
