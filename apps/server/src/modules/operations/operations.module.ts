import { RATES_LOADED_JOB } from '../currency-rates/currency-rates.service';
import type { FeatureModule } from '../index';
import { registerFichasHooks } from './operations.events';
import { operationsPublicRoutes } from './operations.public.routes';
import { recomputePendingCash } from './operations.roe-pending';
import { operationsRoutes } from './operations.routes';

/** Operations (consultations), their documents and public links, and the ROE/UAF reports. */
export const operationsModule: FeatureModule = {
  name: 'operations',
  registerJobs: (deps) => {
    registerFichasHooks();
    // rates were loaded: the cash that waited for its day's rate is recomputed (decision 128)
    deps.queue.register(RATES_LOADED_JOB, async (p) => {
      await recomputePendingCash(deps, p);
    });
  },
  routes: async (app) => {
    await app.register(operationsPublicRoutes);
    await app.register(operationsRoutes);
  },
};
