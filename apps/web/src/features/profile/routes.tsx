import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const MyProfilePage = lazyPage(() => import('./pages/MyProfilePage'), 'MyProfilePage');

/** My profile: the user and the obliged subject. */
export const profileRoutes: AppRoute[] = [
  {
    path: '/home/company',
    element: <MyProfilePage />,
    handle: { titleKey: 'shell:routes.myProfile', permissions: ['companyInfo'] },
  },
];
