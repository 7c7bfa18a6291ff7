import type { FeatureModule } from '../index';
import { listInternsRoutes } from './list-interns.routes';

export const listInternsModule: FeatureModule = { name: 'list-interns', routes: listInternsRoutes };
