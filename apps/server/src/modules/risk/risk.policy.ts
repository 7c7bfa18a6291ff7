import type { Caller, RouteAccess } from '../../plugins/context';
import { actingCompanyId } from '../../plugins/policy';

/** Reading the risk model: every company user and the super administrator; changing it: admin or super admin. */
export const riskAccess = {
  read: ['allExceptSuperAdmin', 'superadmin'],
  write: ['usersAdmin', 'superadmin'],
} satisfies Record<string, RouteAccess>;

/**
 * The company whose risk model a call reads or changes: the caller's own, or for the super administrator (who has
 * none) the one named in the query; 400 COMPANY_REQUIRED when there is none.
 */
export function riskCompanyOf(caller: Caller, given?: string): string {
  return actingCompanyId(caller, given);
}
