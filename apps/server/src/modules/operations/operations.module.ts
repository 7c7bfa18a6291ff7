import type { FeatureModule } from '../index';
import { registerFichasHooks } from './operations.events';
import { operationsPublicRoutes } from './operations.public.routes';
import { operationsRoutes } from './operations.routes';

/** Operations (consultations), their documents and public links, and the ROE/UAF reports. */
export const operationsModule: FeatureModule = {
  name: 'operations',
  registerJobs: () => registerFichasHooks(),
  routes: async (app) => {
    await app.register(operationsPublicRoutes);
    await app.register(operationsRoutes);
  },
};
