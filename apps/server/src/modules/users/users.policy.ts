import {
  assignableRoles,
  credentialMayCarry,
  credentialRoles,
  type Role,
  SINGLE_PER_COMPANY_ROLES,
  userCreationContext,
} from '@regcheck/shared';
import type { CompanyRow } from '../../db/schema';
import type { Caller, RouteAccess } from '../../plugins/context';
import { actsForAnyCompany } from '../../plugins/policy';

/**
 * Who reaches the user routes: any signed-in user (their own record); who manages users comes from the
 * assignable-role rules of section 6 below, and the service answers 403 FORBIDDEN to anyone else.
 */
export const usersAccess = {
  manage: 'authenticated',
  self: 'authenticated',
  support: 'support',
} satisfies Record<string, RouteAccess>;

/**
 * Whether the caller manages users at all (section 6: super administrator, admin, monitoring, allegations admin);
 * a company manager only while they belong to a company (without one there is no company to scope the users by).
 */
export function mayManageUsers(caller: Caller): boolean {
  if (seesEveryCompanyUser(caller)) return true;
  return caller.companyId !== null && userCreationContext(caller.auth.role) !== null;
}

/** The super administrator works on the users of every company (and on those without one). */
export function seesEveryCompanyUser(caller: Caller): boolean {
  return actsForAnyCompany(caller.auth);
}

/** The company a new user goes into: the super administrator names it (or none), anyone else creates in their own. */
export function companyOfNewUser(caller: Caller, requested: string | undefined): string | null {
  return seesEveryCompanyUser(caller) ? (requested ?? null) : caller.companyId;
}

const channelActive = (company: Pick<CompanyRow, 'allegationsChannelStatus'> | null | undefined) =>
  company?.allegationsChannelStatus === 'active';

/**
 * The roles the caller may give a new user of `company` (null: a user without a company). The super administrator
 * creates super administrators and watchers outside companies and any company role inside one (the allegations
 * roles only where the channel is active); a company manager the roles of their own company they may assign.
 */
export function creatableRoles(caller: Caller, company: CompanyRow | null): Role[] {
  if (seesEveryCompanyUser(caller)) {
    return company
      ? assignableRoles('superAdmin', 'adminModule', { allegationsChannelActive: channelActive(company) })
      : ['superAdmin', 'watcher'];
  }
  return assignableRoles(caller.auth.role, 'users', { allegationsChannelActive: channelActive(company) });
}

/** Whether the caller may change a user's role freely (the super administrator) or only within `assignableRoles`. */
export function mayAssignAnyRole(caller: Caller): boolean {
  return seesEveryCompanyUser(caller);
}

/** Who is to hold the role: a person, or the technical user an API credential acts through. */
export type RoleHolder = 'user' | 'apiClient';

/**
 * The one rule of the users and the API credentials: the roles a company manager may give (and take away) in their
 * own company. A person gets the roles of the users screen (section 6); an API credential those minus the allegations
 * roles (read by people, never by integrations) and minus any role that outranks the manager (`credentialRoles` of
 * packages/shared, which the /tools/api screen reads too). The company's one-place roles count both (below).
 */
export function rolesAssignableBy(caller: Caller, holder: RoleHolder = 'user'): Role[] {
  const opts = { allegationsChannelActive: channelActive(caller.auth.company) };
  return holder === 'apiClient'
    ? credentialRoles(caller.auth.role, opts)
    : assignableRoles(caller.auth.role, 'users', opts);
}

/**
 * Whether an API credential may act with this role at all, whoever created it: a credential with an allegations
 * role (made before the rule) gets no token and its tokens reach nothing.
 */
export function mayActAsCredential(role: Role): boolean {
  return credentialMayCarry(role);
}

/**
 * Whether the caller may change this user at all (name, language, role, active): the super administrator anyone;
 * a company manager only a user whose current role they could give (a monitoring user only monitoring users, an
 * allegations administrator only coordinators, the admin the roles of the users screen); the new role, when one is
 * given, must be one they may give too. Nobody changes their own role or active flag (see `mayChangeOwn`).
 */
export function mayChangeUser(caller: Caller, target: { role: string }, newRole?: Role): boolean {
  if (mayAssignAnyRole(caller)) return true;
  const allowed = rolesAssignableBy(caller);
  return allowed.includes(target.role as Role) && (newRole === undefined || allowed.includes(newRole));
}

/** What a user changes of their own record: name and language only (never their role or whether they are active). */
export function mayChangeOwn(change: { role?: unknown; active?: unknown }): boolean {
  return change.role === undefined && change.active === undefined;
}

/**
 * Whether giving `role` to a user or an API credential (whose holder had `current`, if any) takes the company's one
 * place for it (denouncesAdmin); the place is taken by any active holder, person or credential.
 */
export function takesSinglePlace(role: Role, current?: string): boolean {
  return SINGLE_PER_COMPANY_ROLES.includes(role) && current !== role;
}
