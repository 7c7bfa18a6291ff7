import type { FeatureModule } from '../index';
import { blacklistsRoutes } from './blacklists.routes';

export const blacklistsModule: FeatureModule = { name: 'blacklists', routes: blacklistsRoutes };
