import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';

const PersonConsultPage = lazyPage(() => import('./pages/PersonConsultPage'), 'PersonConsultPage');
const BlacklistPage = lazyPage(() => import('./pages/BlacklistPage'), 'BlacklistPage');
const AccountManagerPage = lazyPage(() => import('./pages/AccountManagerPage'), 'AccountManagerPage');

/** Individual person search, blacklist and the account manager (with the list of interest). */
export const screeningRoutes: AppRoute[] = [
  pageRoute('/home/person/consult', <PersonConsultPage />, 'shell:routes.personConsult', ['individualSearch']),
  pageRoute('/home/blacklist', <BlacklistPage />, 'shell:routes.blacklist', ['blacklistAdmin']),
  pageRoute('/home/accountManager', <AccountManagerPage />, 'shell:routes.accountManager', ['accountManager']),
];
