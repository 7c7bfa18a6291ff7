import type { FeatureModule } from '../feature-module';
import { extendSampleRates } from './currency-rates.repo';
import { currencyRatesRoutes } from './currency-rates.routes';

/** How far ahead of today a demo installation keeps its sample rates. */
const SAMPLE_AHEAD_DAYS = 60;

/** Rates of the operation currencies against the dollar, by day (the ROE threshold is in USD). */
export const currencyRatesModule: FeatureModule = {
  name: 'currency-rates',
  routes: async (api) => {
    await api.register(currencyRatesRoutes);
  },
  // A demo installation (and the tests) keeps its sample series running past today: a day's rate is at most
  // RATE_MAX_AGE_DAYS old (decision 128), so the migration's series, which ends on 2026-12-31, would leave today's
  // cash without a rate from mid-January 2027. A real installation loads the official series instead.
  start: async (deps) => {
    if (!deps.config.demo) return;
    const until = new Date(Date.now() + SAMPLE_AHEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
    const added = await extendSampleRates(deps.db, until);
    if (added > 0) deps.log.info({ days: added, until }, 'sample currency rates extended (demo)');
  },
};
