import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';

const MyProfilePage = lazyPage(() => import('./pages/MyProfilePage'), 'MyProfilePage');
const CompanyRiskModelPage = lazyPage(() => import('./pages/CompanyRiskModelPage'), 'CompanyRiskModelPage');

/** My profile: the user and the obliged subject. */
export const profileRoutes: AppRoute[] = [
  pageRoute('/home/company', <MyProfilePage />, 'shell:routes.myProfile', ['companyInfo']),
  {
    // ours (decision 110): the company's risk model, read by every company user, changed by its administrator
    path: '/home/company/risk',
    element: <CompanyRiskModelPage />,
    handle: { titleKey: 'shell:routes.companyRiskModel', permissions: ['companyInfo'] },
  },
];
