import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

const REPORTS = ['mainPanel'] as const;

/** Reports and the restricted analytics section (the guard checks the company allow-list). */
export const reportsRoutes: AppRoute[] = [
  placeholderRoute('/home/reports', 'shell:routes.reports', REPORTS),
  placeholderRoute('/home/reports/compliance-officer', 'shell:routes.reportComplianceOfficer', REPORTS),
  placeholderRoute('/home/reports/conflict-of-interest', 'shell:routes.reportConflictOfInterest', REPORTS),
  placeholderRoute('/home/reports/exportReport', 'shell:routes.reportExport', REPORTS),
  placeholderRoute('/home/reports/final-beneficiaries', 'shell:routes.reportFinalBeneficiaries', REPORTS),
  placeholderRoute('/home/reports/roe-uaf', 'shell:routes.reportRoeUaf', REPORTS),
  placeholderRoute('/home/analitys/analitys', 'shell:routes.analytics', ['allExceptSuperAdmin']),
];
