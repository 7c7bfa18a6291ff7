import type { FeatureModule } from '../feature-module';
import { vigilanciaRoutes } from './vigilancia.routes';

/** The watcher's PEP monitoring across companies (/regcheck/vigilancia). */
export const vigilanciaModule: FeatureModule = { name: 'vigilancia', routes: vigilanciaRoutes };
