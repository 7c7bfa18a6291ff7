import type { FeatureModule } from '../feature-module';
import { transactionsRoutes } from './transactions.routes';

/** Transactions of a participant (spec 001 §7 /transactions) and their files. */
export const transactionsModule: FeatureModule = {
  name: 'transactions',
  routes: async (api) => {
    await api.register(transactionsRoutes);
  },
};
