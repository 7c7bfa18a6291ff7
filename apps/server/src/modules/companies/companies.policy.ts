import { can, type PermissionSubject, type Role } from '@regcheck/shared/permissions';
import type { Caller, RouteAccess } from '../../plugins/context';
import { actsForAnyCompany } from '../../plugins/policy';

/** Who reaches the company routes: the super administrator manages obliged subjects; a company reads its own. */
export const companiesAccess = {
  manage: 'superadmin',
  read: ['companyInfo', 'superadmin'],
} satisfies Record<string, RouteAccess>;

/** The super administrator sees every company; anyone else only their own (another one answers 404). */
export function seesEveryCompany(caller: Caller): boolean {
  return actsForAnyCompany(caller.auth);
}

/**
 * A report flow's responsible person receives the company's reports: an active user of the company whose role holds
 * the reports' permission (mainPanel), because the periodic report is built as that user (decision 94).
 */
export function mayReceiveReports(user: { role: string; active: boolean }, company: PermissionSubject['company']) {
  return user.active && can({ role: user.role as Role, company }, 'mainPanel');
}
