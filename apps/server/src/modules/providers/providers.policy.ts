import type { RouteAccess } from '../../plugins/context';

/**
 * Who reaches the per-person records: every company user opens the record pages (the files perimeter); the
 * provider call log is read by those who answer for it (`providerCallLog`: admin, adminNoUser, auditor, supervisor),
 * read-only; the providers' configuration, the data-provider account and contracted limits are the super
 * administrator's, who also opens the court cases of any document (ProcessosJudiciais) on a company's contract.
 */
export const providersAccess = {
  read: 'allExceptSuperAdmin',
  callLog: 'providerCallLog',
  configure: 'superadmin',
} satisfies Record<string, RouteAccess>;
