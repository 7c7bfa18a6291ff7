import type { RouteAccess } from '../../plugins/context';

/** The list of interest is kept in the account manager (and by the blacklist administrators); screening users read it. */
export const listInternsAccess = {
  read: ['accountManager', 'blacklistAdmin', 'individualSearch', 'search'],
  write: ['accountManager', 'blacklistAdmin'],
} satisfies Record<string, RouteAccess>;
