import type { FeatureModule } from '../feature-module';
import { fichaEddRoutes } from './ficha-edd.routes';

/** The enhanced due diligence of a ficha: its routes (the rule and the record live in the fichas module). */
export const fichaEddModule: FeatureModule = {
  name: 'ficha-edd',
  async routes(app) {
    await app.register(fichaEddRoutes);
  },
};
