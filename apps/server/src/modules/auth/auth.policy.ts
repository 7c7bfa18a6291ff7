import type { RouteAccess } from '../../plugins/context';

/**
 * Who reaches the session routes: signing in, renewing, the challenge and password recovery are open (with rate
 * limits); the own profile, sign-out and the own password need a session.
 */
export const authAccess = {
  open: 'public',
  signedIn: 'authenticated',
} satisfies Record<string, RouteAccess>;

/** The rule itself sits in plugins/policy.ts, where the access plugin applies it to every request. */
export { lacksCompany } from '../../plugins/policy';
