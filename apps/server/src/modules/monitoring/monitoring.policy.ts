import type { Role } from '@regcheck/shared';
import type { RouteAccess } from '../../plugins/context';
import { ALLEGATION_HANDLER_ROLES } from '../allegations';

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

/**
 * Which of the company's notifications a role reads (issue 22): the allegation roles only the whistleblowing
 * channel's (its deadlines), every other role everything else (list matches, Bacen, bulk loads...). The channel's
 * notifications name a report id and a deadline, which stay with the channel's roles; the customers' stay away
 * from roles that handle no customer.
 */
export type NotificationScope = 'allegations' | 'company';
export function notificationScope(role: Role | null | undefined): NotificationScope {
  return role && ALLEGATION_HANDLER_ROLES.includes(role) ? 'allegations' : 'company';
}
