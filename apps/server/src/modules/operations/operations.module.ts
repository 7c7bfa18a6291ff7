import { currencyRatesRoutes } from '../currency-rates/currency-rates.routes';
import { featureFlagsRoutes } from '../feature-flags/feature-flags.routes';
import type { FeatureModule } from '../index';
import { transactionsRoutes } from '../transactions/transactions.routes';
import { registerFichasHooks } from './operations.events';
import { operationsPublicRoutes } from './operations.public.routes';
import { operationsRoutes } from './operations.routes';

/** Operations, transactions, currency rates and feature flags: one entry of featureModules. */
export const operationsModule: FeatureModule = {
  name: 'operations',
  registerJobs: () => registerFichasHooks(),
  routes: async (app) => {
    await app.register(operationsPublicRoutes);
    await app.register(operationsRoutes);
    await app.register(transactionsRoutes);
    await app.register(currencyRatesRoutes);
    await app.register(featureFlagsRoutes);
  },
};
