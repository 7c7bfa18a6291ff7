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
  /** exportReport: the same roles as the reports an export holds (every one of them is mainPanel) */
  exports: 'mainPanel',
  /** GET /trace-list-premiums: the roles that read the operations' regulatory lists (as GET /uaf-operations) */
  premiums: ['mainPanel', 'history'],
  /** the report documents of the file service: the reports' roles */
  reportDocuments: 'mainPanel',
  /** the ROE report for the UAF: the reports' roles of a Chilean company (issue 23, point 3) */
  roeUaf: 'roeReports',
  /** the ROE filings are read by whoever reads the ROE report (decision 126) */
  roeFilings: 'roeReports',
  /** filing the ROE of a period: the company's administrators, in Chile (decision 126) */
  roeFile: 'roeFiling',
  /** the layout of the ROE file (decision 180): read by the platform's roles, changed by the super administrator */
  roeLayoutRead: ['superadmin', 'watcher'],
  roeLayoutManage: 'superadmin',
  /** the COAF queue and its export: the reports' roles of a Brazilian company (decision 150) */
  coaf: 'coafReports',
  /** registering a COAF communication with its protocol: the company's administrators, in Brazil */
  coafCommunicate: 'coafCommunicate',
} satisfies Record<string, RouteAccess>;

/** The analytics section is open only to the allow-listed companies (REGCHECK_RESTRICTED_COMPANIES). */
export function mayUseAnalytics(caller: { companyId: string | null }, restrictedCompanies: readonly string[]): boolean {
  return !!caller.companyId && restrictedCompanies.includes(caller.companyId);
}
