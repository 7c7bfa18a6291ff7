import type { FeatureModule } from '../feature-module';
import { referenceRoutes } from './reference.routes';

/** The reference data of the forms: countries, regions and states, positions. */
export const referenceModule: FeatureModule = {
  name: 'reference',
  async routes(app) {
    await app.register(referenceRoutes);
  },
};
