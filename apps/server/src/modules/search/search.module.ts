import type { FeatureModule } from '../feature-module';
import { searchRoutes } from './search.routes';

/**
 * The individual search. The lists module owns the screening index it reads (registered before it); the search
 * log, the list of interest and the blacklist are modules of their own registered right after it.
 */
export const searchModule: FeatureModule = { name: 'search', routes: searchRoutes };
