import type { FeatureModule } from '../feature-module';
import { providersRoutes } from './providers.routes';
import { recordsRoutes } from './records.routes';

/** External record providers behind one adapter interface, the per-person records, and their configuration. */
export const providersModule: FeatureModule = {
  name: 'providers',
  async routes(app) {
    await app.register(providersRoutes);
    await app.register(recordsRoutes);
  },
};
