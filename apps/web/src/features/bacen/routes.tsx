import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const BacenListPage = lazyPage(() => import('./pages/BacenListPage'), 'BacenListPage');
const BacenFormPage = lazyPage(() => import('./pages/BacenFormPage'), 'BacenFormPage');
const BacenDetailPage = lazyPage(() => import('./pages/BacenDetailPage'), 'BacenDetailPage');

const BACEN = ['bacen'] as const;

/** Brazilian central-bank fraud reports (Brazil only). */
export const bacenRoutes: AppRoute[] = [
  { path: '/home/bacen', element: <BacenListPage />, handle: { titleKey: 'shell:routes.bacen', permissions: BACEN } },
  {
    path: '/home/bacen/new',
    element: <BacenFormPage />,
    handle: { titleKey: 'shell:routes.bacenNew', permissions: BACEN },
  },
  {
    path: '/home/bacen/:id',
    element: <BacenDetailPage />,
    handle: { titleKey: 'shell:routes.bacenDetail', permissions: BACEN },
  },
];
