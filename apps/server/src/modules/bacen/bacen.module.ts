import type { FeatureModule } from '../index';
import { bacenRoutes } from './bacen.routes';

/** Bacen fraud-indication records (Brazil). */
export const bacenModule: FeatureModule = {
  name: 'bacen',
  async routes(app) {
    await app.register(bacenRoutes);
  },
};
