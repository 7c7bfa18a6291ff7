import type { FeatureModule } from '../feature-module';
import { listInternsRoutes } from './list-interns.routes';

export const listInternsModule: FeatureModule = { name: 'list-interns', routes: listInternsRoutes };
