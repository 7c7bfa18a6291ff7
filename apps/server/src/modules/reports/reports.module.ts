import type { FeatureModule } from '../index';
import { reportsRoutes } from './reports.routes';

export const reportsModule: FeatureModule = {
  name: 'reports',
  routes: reportsRoutes,
};
