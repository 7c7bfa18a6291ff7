import type { FeatureModule } from '../feature-module';
import { blacklistsRoutes } from './blacklists.routes';

export const blacklistsModule: FeatureModule = { name: 'blacklists', routes: blacklistsRoutes };
