import { isCompanyRole } from '@regcheck/shared';
import type { AuthContext, RouteAccess } from '../../plugins/context';

/**
 * Who reaches the session routes: signing in, renewing, the challenge and password recovery are open (with rate
 * limits); the own profile, sign-out and the own password need a session.
 */
export const authAccess = {
  open: 'public',
  signedIn: 'authenticated',
} satisfies Record<string, RouteAccess>;

/**
 * A company role without a live company (none assigned, or the company is closed) may sign in but sees only the
 * notice: every route that needs a permission answers 403 NO_COMPANY_ASSIGNED.
 */
export function lacksCompany(auth: Pick<AuthContext, 'role' | 'companyId'>): boolean {
  return isCompanyRole(auth.role) && !auth.companyId;
}
