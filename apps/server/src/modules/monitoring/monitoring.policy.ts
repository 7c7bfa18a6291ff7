import type { RouteAccess } from '../../plugins/context';

/** Who reads and marks the company's notifications: the notifications permission (admin, adminNoUser, ...). */
export const monitoringAccess = {
  notifications: 'notifications',
} satisfies Record<string, RouteAccess>;
