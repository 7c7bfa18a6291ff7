import type { FeatureModule } from '../index';
import { currencyRatesRoutes } from './currency-rates.routes';

/** Rates of the operation currencies against the dollar, by day (the ROE threshold is in USD). */
export const currencyRatesModule: FeatureModule = {
  name: 'currency-rates',
  routes: async (api) => {
    await api.register(currencyRatesRoutes);
  },
};
