import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';

const NewsPage = lazyPage(() => import('./pages/NewsPage'), 'NewsPage');
const NewsAdminPage = lazyPage(() => import('./pages/NewsAdminPage'), 'NewsAdminPage');

/** The news a company reads (the sidebar's news entry) and the super administrator's news screen. */
export const newsRoutes: AppRoute[] = [
  pageRoute('/home/news', <NewsPage />, 'shell:routes.news', ['allExceptSuperAdmin']),
  pageRoute('/regcheck/news', <NewsAdminPage />, 'shell:routes.newsAdmin', ['superadmin']),
];
