import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';

const NotificationsPage = lazyPage(() => import('./pages/NotificationsPage'), 'NotificationsPage');

export const notificationsRoutes: AppRoute[] = [
  pageRoute('/home/notifications', <NotificationsPage />, 'shell:routes.notifications', ['notifications']),
];
