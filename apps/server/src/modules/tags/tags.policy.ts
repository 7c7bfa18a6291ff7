import type { Caller, RouteAccess } from '../../plugins/context';
import { actingCompanyId, actsForAnyCompany } from '../../plugins/policy';

/**
 * Who reaches the tag routes: every company user reads them; the account manager (usersTags: admin) writes; any
 * signed-in user reaches the delete, which answers the spec's message to all but the super administrator
 * (`mayDeleteTags`); the clean-up is the account manager's or the super administrator's.
 */
export const tagsAccess = {
  read: 'allExceptSuperAdmin',
  write: 'usersTags',
  remove: 'authenticated',
  clean: ['usersTags', 'superadmin'],
} satisfies Record<string, RouteAccess>;

/** Deleting a tag everywhere: the super administrator only ('This tag can only be deleted by the super admin'). */
export function mayDeleteTags(caller: Caller): boolean {
  return actsForAnyCompany(caller.auth);
}

/**
 * The company whose fichas the tags clean-up acts on: the caller's own, or for the super administrator (who has
 * none) the one named in the body; 400 COMPANY_REQUIRED when there is none, 404 COMPANY_NOT_FOUND when a company
 * user names another company.
 */
export function cleanupCompanyOf(caller: Caller, given?: string): string {
  return actingCompanyId(caller, given);
}
