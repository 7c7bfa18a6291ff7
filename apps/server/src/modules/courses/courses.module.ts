import type { FeatureModule } from '../feature-module';
import { coursesRoutes } from './courses.routes';

/** Course links managed by the super administrator, read by company users (/home/courses). */
export const coursesModule: FeatureModule = {
  name: 'courses',
  async routes(app) {
    await app.register(coursesRoutes);
  },
};
