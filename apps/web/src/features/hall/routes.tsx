import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const HallPage = lazyPage(() => import('./pages/HallPage'), 'HallPage');

export const hallRoutes: AppRoute[] = [{ path: '/hall', element: <HallPage />, handle: { titleKey: 'hall:title' } }];
