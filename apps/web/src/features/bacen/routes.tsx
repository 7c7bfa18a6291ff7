import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';

const BacenListPage = lazyPage(() => import('./pages/BacenListPage'), 'BacenListPage');
const BacenFormPage = lazyPage(() => import('./pages/BacenFormPage'), 'BacenFormPage');
const BacenDetailPage = lazyPage(() => import('./pages/BacenDetailPage'), 'BacenDetailPage');

const BACEN = ['bacen'] as const;

/** Brazilian central-bank fraud reports (Brazil only). */
export const bacenRoutes: AppRoute[] = [
  { path: '/home/bacen', element: <BacenListPage />, handle: { titleKey: 'shell:routes.bacen', permissions: BACEN } },
  pageRoute('/home/bacen/new', <BacenFormPage />, 'shell:routes.bacenNew', BACEN),
  pageRoute('/home/bacen/:id', <BacenDetailPage />, 'shell:routes.bacenDetail', BACEN),
];
