import type { FeatureModule } from '../feature-module';
import { dismissalsRoutes } from './dismissals.routes';

/** Four-eyes dismissal of list matches and the company's screening settings (issue 15). */
export const dismissalsModule: FeatureModule = { name: 'dismissals', routes: dismissalsRoutes };
