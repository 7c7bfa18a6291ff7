import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

/** Individual person search, blacklist and the account manager (with the list of interest). */
export const screeningRoutes: AppRoute[] = [
  placeholderRoute('/home/person/consult', 'shell:routes.personConsult', ['individualSearch']),
  placeholderRoute('/home/blacklist', 'shell:routes.blacklist', ['blacklistAdmin']),
  placeholderRoute('/home/accountManager', 'shell:routes.accountManager', ['accountManager']),
];
