import type { FeatureModule } from '../index';
import { manualsRoutes } from './manuals.routes';

export const manualsModule: FeatureModule = {
  name: 'manuals',
  routes: manualsRoutes,
};
