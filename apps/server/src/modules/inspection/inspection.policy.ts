import { can, type Role } from '@regcheck/shared';
import type { RouteAccess } from '../../plugins/context';

/**
 * Who reaches the inspector's files (issue 28, decision 210): the customer's file, the roles that read a ficha and
 * its signed declarations (inspectionFile); the period pack, the administrators and the auditor (inspectionPack).
 */
export const inspectionAccess = {
  customer: 'inspectionFile',
  period: 'inspectionPack',
} satisfies Record<string, RouteAccess>;

/**
 * Whether the person who asked for a file reads the company's notifications (the spec's role table: the
 * administrators, the monitoring user and the allegations roles). The others (the auditor, the front desk, the
 * compliance officer) are told by e-mail that their file is ready (decision 257).
 */
export function readsNotifications(role: Role): boolean {
  return can({ role }, 'notifications');
}
