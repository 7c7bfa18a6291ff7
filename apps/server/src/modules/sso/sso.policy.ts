import type { RouteAccess } from '../../plugins/context';

/**
 * Single sign-on: the super administrator configures each company's provider; discovering, starting and finishing a
 * sign-in are public (rate-limited per address).
 */
export const ssoAccess = {
  manage: 'superadmin',
  open: 'public',
} satisfies Record<string, RouteAccess>;
