import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';

const ManualsPage = lazyPage(() => import('./pages/ManualsPage'), 'ManualsPage');

export const manualsRoutes: AppRoute[] = [
  pageRoute('/home/manual', <ManualsPage />, 'shell:routes.manuals', ['manual']),
];
