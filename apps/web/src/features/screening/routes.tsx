import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const PersonConsultPage = lazyPage(() => import('./pages/PersonConsultPage'), 'PersonConsultPage');
const BlacklistPage = lazyPage(() => import('./pages/BlacklistPage'), 'BlacklistPage');
const AccountManagerPage = lazyPage(() => import('./pages/AccountManagerPage'), 'AccountManagerPage');

/** Individual person search, blacklist and the account manager (with the list of interest). */
export const screeningRoutes: AppRoute[] = [
  {
    path: '/home/person/consult',
    element: <PersonConsultPage />,
    handle: { titleKey: 'shell:routes.personConsult', permissions: ['individualSearch'] },
  },
  {
    path: '/home/blacklist',
    element: <BlacklistPage />,
    handle: { titleKey: 'shell:routes.blacklist', permissions: ['blacklistAdmin'] },
  },
  {
    path: '/home/accountManager',
    element: <AccountManagerPage />,
    handle: { titleKey: 'shell:routes.accountManager', permissions: ['accountManager'] },
  },
];
