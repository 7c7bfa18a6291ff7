import type { RouteAccess } from '../../plugins/context';

/**
 * Bulk loads: the massiveBulks key (admin, adminNoUser, userMonitoring, and only in a company with the massiveBulks
 * flag), for the history, the upload and the load itself.
 */
export const bulkLoadsAccess = {
  use: 'massiveBulks',
} satisfies Record<string, RouteAccess>;
