import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute, redirectRoute } from '../../app/router/route-helpers';

const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage');
const SupportPage = lazyPage(() => import('../users/pages/SupportPage'), 'SupportPage');

/** The home dashboard and the small home sections. */
export const homeRoutes: AppRoute[] = [
  redirectRoute('/home', '/home/dashboard'),
  {
    path: '/home/dashboard',
    element: <DashboardPage />,
    handle: { titleKey: 'shell:routes.dashboard', permissions: ['allExceptSuperAdmin'] },
  },
  placeholderRoute('/home/courses', 'shell:routes.courses', ['allExceptSuperAdmin']),
  {
    path: '/home/support',
    element: <SupportPage />,
    handle: { titleKey: 'shell:routes.support', permissions: ['support'] },
  },
];
