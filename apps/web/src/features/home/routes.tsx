import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute, redirectRoute } from '../../app/router/route-helpers';

const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage');
const SupportPage = lazyPage(() => import('../users/pages/SupportPage'), 'SupportPage');
const CoursesPage = lazyPage(() => import('./pages/CoursesPage'), 'CoursesPage');

/** The home dashboard and the small home sections. */
export const homeRoutes: AppRoute[] = [
  redirectRoute('/home', '/home/dashboard'),
  pageRoute('/home/dashboard', <DashboardPage />, 'shell:routes.dashboard', ['allExceptSuperAdmin']),
  pageRoute('/home/courses', <CoursesPage />, 'shell:routes.courses', ['allExceptSuperAdmin', 'superadmin']),
  pageRoute('/home/support', <SupportPage />, 'shell:routes.support', ['support']),
];
