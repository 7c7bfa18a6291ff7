import { can, isCompanyRole, type PermissionKey } from '@regcheck/shared';
import { AppError } from '../lib/errors';
import type { AuthContext, Caller } from './context';

/**
 * Whether the signed-in user holds a permission key of the role table (packages/shared/src/permissions.ts), with
 * the company's country and flags. Only `<feature>.policy.ts` files call it: a service asks its policy
 * (`fichasPolicy.maySeeTrash(caller)`), never tests a role itself.
 */
export function holds(auth: Pick<AuthContext, 'role' | 'company'>, key: PermissionKey): boolean {
  return can({ role: auth.role, company: auth.company }, key);
}

/** Whether the caller acts for any company, naming it in the call: the super administrator, who belongs to none. */
export function actsForAnyCompany(auth: Pick<AuthContext, 'role' | 'company'>): boolean {
  return holds(auth, 'superadmin');
}

/**
 * The one way to say which company a call acts for (decision 259): a company user's own; for the super
 * administrator, who belongs to none, the one the call names (400 COMPANY_REQUIRED when it names none). A company
 * user who names another company gets 404 COMPANY_NOT_FOUND, as for any other company's record. Whether a named
 * company exists is the caller's to check where it matters (a missing one finds nothing under row-level security).
 */
export function actingCompanyId(caller: Caller, named?: string | null): string {
  if (actsForAnyCompany(caller.auth)) {
    if (!named) throw new AppError('COMPANY_REQUIRED', { field: 'companyId' });
    return named;
  }
  if (!caller.companyId) throw new AppError('NO_COMPANY_ASSIGNED');
  if (named && named !== caller.companyId) throw new AppError('COMPANY_NOT_FOUND', { field: 'companyId' });
  return caller.companyId;
}

/**
 * A company role without a live company (none assigned, or the company is closed) may sign in but sees only the
 * notice: every route that needs a permission answers 403 NO_COMPANY_ASSIGNED.
 */
export function lacksCompany(auth: Pick<AuthContext, 'role' | 'companyId'>): boolean {
  return isCompanyRole(auth.role) && !auth.companyId;
}
