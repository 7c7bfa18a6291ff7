import type { Caller, RouteAccess } from '../../plugins/context';
import { actsForAnyCompany } from '../../plugins/policy';

/** Course links: every company user reads them (/home/courses); the super administrator manages them. */
export const coursesAccess = {
  read: ['allExceptSuperAdmin', 'superadmin'],
  manage: 'superadmin',
} satisfies Record<string, RouteAccess>;

/** The super administrator sees every course, inactive ones too; company users the active ones of their language. */
export function seesEveryCourse(caller: Caller): boolean {
  return actsForAnyCompany(caller.auth);
}
