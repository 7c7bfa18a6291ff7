import type { RouteAccess } from '../../plugins/context';

/** Who keeps the company's blacklist and its reasons: the blacklist administrators (blacklistAdmin). */
export const blacklistsAccess = {
  manage: 'blacklistAdmin',
} satisfies Record<string, RouteAccess>;
