import type { FeatureModule } from '../feature-module';
import { relationshipsRoutes } from './relationships.routes';

/** The related persons of fichas: relationships, beneficial owners and automatic relations. */
export const relationshipsModule: FeatureModule = {
  name: 'relationships',
  async routes(app) {
    await app.register(relationshipsRoutes);
  },
};
