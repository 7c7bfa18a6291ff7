import type { Role } from '@regcheck/shared';
import type { Caller, RouteAccess } from '../../plugins/context';
import { rolesAssignableBy } from '../users/users.policy';

/** Who reaches the API credentials: the token service is open (HTTP Basic); /tools/api needs `externalApi`. */
export const apiClientsAccess = {
  token: 'public',
  manage: 'externalApi',
} satisfies Record<string, RouteAccess>;

/** A client acts through a technical user: the caller may give it only a role they may give a person. */
export function mayGiveClientRole(caller: Caller, role: Role): boolean {
  return rolesAssignableBy(caller).includes(role);
}
