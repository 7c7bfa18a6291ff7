import type { FeatureModule } from '../index';
import { providersRoutes } from './providers.routes';

/** External record providers (registry, court cases) behind one adapter interface, and the per-person records. */
export const providersModule: FeatureModule = {
  name: 'providers',
  async routes(app) {
    await app.register(providersRoutes);
  },
};
