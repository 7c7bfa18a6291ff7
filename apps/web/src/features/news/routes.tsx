import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const NewsPage = lazyPage(() => import('./pages/NewsPage'), 'NewsPage');
const NewsAdminPage = lazyPage(() => import('./pages/NewsAdminPage'), 'NewsAdminPage');

/** The news a company reads (the sidebar's news entry) and the super administrator's news screen. */
export const newsRoutes: AppRoute[] = [
  {
    path: '/home/news',
    element: <NewsPage />,
    handle: { titleKey: 'shell:routes.news', permissions: ['allExceptSuperAdmin'] },
  },
  {
    path: '/regcheck/news',
    element: <NewsAdminPage />,
    handle: { titleKey: 'shell:routes.newsAdmin', permissions: ['superadmin'] },
  },
];
