import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const NotificationsPage = lazyPage(() => import('./pages/NotificationsPage'), 'NotificationsPage');

export const notificationsRoutes: AppRoute[] = [
  {
    path: '/home/notifications',
    element: <NotificationsPage />,
    handle: { titleKey: 'shell:routes.notifications', permissions: ['notifications'] },
  },
];
