import type { RouteAccess } from '../../plugins/context';

/** Who sees the home dashboard and the reports (mainPanel: admin, adminNoUser, userMonitoring) and writes news. */
export const reportsAccess = {
  dashboard: 'mainPanel',
  reports: 'mainPanel',
  /** the news every company role reads on its dashboard and sidebar */
  news: 'allExceptSuperAdmin',
  newsWrite: 'superadmin',
  pdf: 'allExceptSuperAdmin',
  analytics: 'allExceptSuperAdmin',
} satisfies Record<string, RouteAccess>;

/** The analytics section is open only to the allow-listed companies (REGCHECK_RESTRICTED_COMPANIES). */
export function mayUseAnalytics(caller: { companyId: string | null }, restrictedCompanies: readonly string[]): boolean {
  return !!caller.companyId && restrictedCompanies.includes(caller.companyId);
}
