import type { Role } from '@regcheck/shared';
import type { Caller, RouteAccess } from '../../plugins/context';
import { mayActAsCredential, rolesAssignableBy } from '../users';

/** Who reaches the API credentials: the token service is open (HTTP Basic); /tools/api needs `externalApi`. */
export const apiClientsAccess = {
  token: 'public',
  manage: 'externalApi',
} satisfies Record<string, RouteAccess>;

/**
 * A client acts through a technical user: the caller may give it only a role of the users/credentials rule
 * (`rolesAssignableBy(caller, 'apiClient')`): one they may give a person, never an allegations role, never one that
 * outranks them.
 */
export function mayGiveClientRole(caller: Caller, role: Role): boolean {
  return rolesAssignableBy(caller, 'apiClient').includes(role);
}

/** Whether a credential with this role may get a token and act at all (never with an allegations role). */
export function clientRoleUsable(role: string): boolean {
  return mayActAsCredential(role as Role);
}
