import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

export const notificationsRoutes: AppRoute[] = [
  placeholderRoute('/home/notifications', 'shell:routes.notifications', ['notifications']),
];
