import type { RouteAccess } from '../../plugins/context';

/**
 * Who reaches the inspector's files (issue 28, decision 210): the customer's file, the roles that read a ficha and
 * its signed declarations (inspectionFile); the period pack, the administrators and the auditor (inspectionPack).
 */
export const inspectionAccess = {
  customer: 'inspectionFile',
  period: 'inspectionPack',
} satisfies Record<string, RouteAccess>;
