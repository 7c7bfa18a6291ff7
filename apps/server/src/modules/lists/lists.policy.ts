import type { RouteAccess } from '../../plugins/context';

/**
 * Who reaches the lists and the public lists' entries. Reading: company users who screen, and the super
 * administrator and the watcher. Changing (imports, fetches, addresses, entries): the super administrator.
 */
export const listsAccess = {
  read: ['individualSearch', 'blacklistAdmin', 'search', 'mainPanel', 'superadmin', 'watcher'],
  manage: 'superadmin',
} satisfies Record<string, RouteAccess>;
