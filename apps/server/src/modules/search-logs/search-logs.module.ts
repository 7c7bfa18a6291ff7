import type { FeatureModule } from '../index';
import { searchLogsRoutes } from './search-logs.routes';

export const searchLogsModule: FeatureModule = { name: 'search-logs', routes: searchLogsRoutes };
