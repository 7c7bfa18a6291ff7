import type { Caller, RouteAccess } from '../../plugins/context';

/** Who reaches the company routes: the super administrator manages obliged subjects; a company reads its own. */
export const companiesAccess = {
  manage: 'superadmin',
  read: ['companyInfo', 'superadmin'],
} satisfies Record<string, RouteAccess>;

/** The super administrator sees every company; anyone else only their own (another one answers 404). */
export function seesEveryCompany(caller: Caller): boolean {
  return caller.auth.role === 'superAdmin';
}
