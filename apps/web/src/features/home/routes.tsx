import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';
import { redirectRoute } from '../../app/router/route-helpers';

const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage');
const SupportPage = lazyPage(() => import('../users/pages/SupportPage'), 'SupportPage');
const CoursesPage = lazyPage(() => import('./pages/CoursesPage'), 'CoursesPage');

/** The home dashboard and the small home sections. */
export const homeRoutes: AppRoute[] = [
  redirectRoute('/home', '/home/dashboard'),
  {
    path: '/home/dashboard',
    element: <DashboardPage />,
    handle: { titleKey: 'shell:routes.dashboard', permissions: ['allExceptSuperAdmin'] },
  },
  {
    path: '/home/courses',
    element: <CoursesPage />,
    handle: { titleKey: 'shell:routes.courses', permissions: ['allExceptSuperAdmin', 'superadmin'] },
  },
  {
    path: '/home/support',
    element: <SupportPage />,
    handle: { titleKey: 'shell:routes.support', permissions: ['support'] },
  },
];
