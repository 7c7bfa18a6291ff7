import type { RouteAccess } from '../../plugins/context';

/**
 * Who reads and marks the company's notifications: the notifications permission (admin, adminNoUser, ...). The
 * platform's monitoring page (spec 000 §6: "superadmin: ... monitoring", "watcher: vigilancia, monitoring"): the
 * super administrator and the watcher read it; only the super administrator changes the day or asks for a run.
 */
export const monitoringAccess = {
  notifications: 'notifications',
  platformRead: ['superadmin', 'watcher'],
  platformManage: 'superadmin',
} satisfies Record<string, RouteAccess>;
