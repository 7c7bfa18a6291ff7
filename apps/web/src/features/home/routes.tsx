import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute, redirectRoute } from '../../app/router/route-helpers';

/** The home dashboard and the small home sections. */
export const homeRoutes: AppRoute[] = [
  redirectRoute('/home', '/home/dashboard'),
  placeholderRoute('/home/dashboard', 'shell:routes.dashboard', ['allExceptSuperAdmin']),
  placeholderRoute('/home/courses', 'shell:routes.courses', ['allExceptSuperAdmin']),
  placeholderRoute('/home/support', 'shell:routes.support', ['support']),
];
