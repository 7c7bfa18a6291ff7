import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

export const manualsRoutes: AppRoute[] = [placeholderRoute('/home/manual', 'shell:routes.manuals', ['manual'])];
