import type { RouteAccess } from '../../plugins/context';

/**
 * The commercial credit report: admin, adminNoUser and userMonitoring (`commercialReport`); the risk thresholds are
 * set by the super administrator.
 */
export const commercialReportAccess = {
  use: 'commercialReport',
  thresholds: 'superadmin',
} satisfies Record<string, RouteAccess>;
