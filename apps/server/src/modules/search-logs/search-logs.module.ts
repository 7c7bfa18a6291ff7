import type { FeatureModule } from '../feature-module';
import { searchLogsRoutes } from './search-logs.routes';

export const searchLogsModule: FeatureModule = { name: 'search-logs', routes: searchLogsRoutes };
