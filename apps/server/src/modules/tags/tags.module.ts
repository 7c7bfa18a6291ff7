import type { FeatureModule } from '../feature-module';
import { tagsRoutes } from './tags.routes';

/** The tags of fichas and operations, and the clean-up of the fichas' tags. */
export const tagsModule: FeatureModule = {
  name: 'tags',
  async routes(app) {
    await app.register(tagsRoutes);
  },
};
