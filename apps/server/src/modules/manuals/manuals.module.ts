import type { FeatureModule } from '../feature-module';
import { manualsRoutes } from './manuals.routes';

export const manualsModule: FeatureModule = {
  name: 'manuals',
  routes: manualsRoutes,
};
