import type { RouteAccess } from '../../plugins/context';

/**
 * Who reaches the lists and the public lists' entries. Reading: company users who screen, and the super
 * administrator and the watcher. Changing (imports, fetches, addresses, entries): the super administrator.
 */
export const listsAccess = {
  read: ['individualSearch', 'blacklistAdmin', 'search', 'mainPanel', 'superadmin', 'watcher'],
  manage: 'superadmin',
  /** every list's entries whole, for the super administrator's and the watcher's list screens */
  platform: ['superadmin', 'watcher'],
} satisfies Record<string, RouteAccess>;
