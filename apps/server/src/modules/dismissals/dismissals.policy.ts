import { mayChangeScreeningSettings as roleMayChange } from '@regcheck/shared';
import type { Caller, RouteAccess } from '../../plugins/context';

/**
 * Who dismisses list matches (issue 15): the blacklist administrators (admin, adminNoUser, userMonitoring) propose,
 * approve and reject, and only they read the proposals (ficha names, matched entries, proposers; issue 22,
 * docs/decisions.md 113). The company's screening settings are read by every company user and changed by the
 * administrators only.
 */
export const dismissalsAccess = {
  review: 'blacklistAdmin',
  settings: 'allExceptSuperAdmin',
} satisfies Record<string, RouteAccess>;

/**
 * Changing the critical lists and the second step: admin and adminNoUser. The dismissal reasons are kept by every
 * blacklist reviewer (the `review` access of the route).
 */
export function mayChangeScreeningSettings(caller: Caller): boolean {
  return roleMayChange(caller.auth.role);
}

/** The second user of a four-eyes dismissal must not be the one who proposed it. */
export function mayDecide(caller: Caller, proposedBy: string): boolean {
  return caller.auth.userId !== proposedBy;
}
