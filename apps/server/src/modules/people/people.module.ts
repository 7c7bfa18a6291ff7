import type { FeatureModule } from '../index';
import { peopleRoutes } from './people.routes';

export const peopleModule: FeatureModule = { name: 'people', routes: peopleRoutes };
