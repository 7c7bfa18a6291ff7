import type { Caller, RouteAccess } from '../../plugins/context';
import { actsForAnyCompany } from '../../plugins/policy';

/** Who reaches the feature-flag routes: any signed-in user asks; the super administrator turns flags on and off. */
export const featureFlagsAccess = {
  check: 'authenticated',
  set: 'superadmin',
} satisfies Record<string, RouteAccess>;

/** A company user asks about its own company only; the super administrator about any. */
export function mayAskAboutCompany(caller: Caller, companyId: string): boolean {
  return actsForAnyCompany(caller.auth) || caller.auth.companyId === companyId;
}
