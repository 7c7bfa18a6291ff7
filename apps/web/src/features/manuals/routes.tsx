import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const ManualsPage = lazyPage(() => import('./pages/ManualsPage'), 'ManualsPage');

export const manualsRoutes: AppRoute[] = [
  {
    path: '/home/manual',
    element: <ManualsPage />,
    handle: { titleKey: 'shell:routes.manuals', permissions: ['manual'] },
  },
];
