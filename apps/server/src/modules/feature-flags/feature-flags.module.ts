import type { FeatureModule } from '../feature-module';
import { featureFlagsRoutes } from './feature-flags.routes';

/** Feature flags by environment and company (spec 001 §8). */
export const featureFlagsModule: FeatureModule = {
  name: 'feature-flags',
  routes: async (api) => {
    await api.register(featureFlagsRoutes);
  },
};
