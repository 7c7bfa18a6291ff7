import type { FeatureModule } from '../feature-module';
import { riskRoutes } from './risk.routes';

/** The company's risk model (its configuration); rating the fichas with it is the fichas module's job. */
export const riskModule: FeatureModule = {
  name: 'risk',
  async routes(app) {
    await app.register(riskRoutes);
  },
};
