import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';
import { BrazilOnlyCoaf } from './components/BrazilOnlyCoaf';
import { ChileOnlyRoe } from './components/ChileOnlyRoute';

const REPORTS = ['mainPanel'] as const;

const ReportsPage = lazyPage(() => import('./pages/ReportsPage'), 'ReportsPage');
const RoeUafPage = lazyPage(() => import('./pages/RoeUafPage'), 'RoeUafPage');
const CoafPage = lazyPage(() => import('./pages/CoafPage'), 'CoafPage');
const ComplianceOfficerPage = lazyPage(() => import('./pages/PeriodReportPage'), 'ComplianceOfficerPage');
const ConflictOfInterestPage = lazyPage(() => import('./pages/PeriodReportPage'), 'ConflictOfInterestPage');
const AnalyticsPage = lazyPage(() => import('./pages/AnalyticsPage'), 'AnalyticsPage');
const ExportReportPage = lazyPage(() => import('./pages/ExportReportPage'), 'ExportReportPage');
const FinalBeneficiariesPage = lazyPage(() => import('./pages/FinalBeneficiariesPage'), 'FinalBeneficiariesPage');

/** Reports and the restricted analytics section (the guard checks the company allow-list). */
export const reportsRoutes: AppRoute[] = [
  pageRoute('/home/reports', <ReportsPage />, 'shell:routes.reports', REPORTS),
  pageRoute(
    '/home/reports/compliance-officer',
    <ComplianceOfficerPage />,
    'shell:routes.reportComplianceOfficer',
    REPORTS,
  ),
  pageRoute(
    '/home/reports/conflict-of-interest',
    <ConflictOfInterestPage />,
    'shell:routes.reportConflictOfInterest',
    REPORTS,
  ),
  pageRoute('/home/reports/exportReport', <ExportReportPage />, 'shell:routes.reportExport', REPORTS),
  pageRoute(
    '/home/reports/final-beneficiaries',
    <FinalBeneficiariesPage />,
    'shell:routes.reportFinalBeneficiaries',
    REPORTS,
  ),
  {
    path: '/home/reports/roe-uaf',
    // Chile's UAF report: another country's company reads why it is not for them (issue 23, point 3)
    element: (
      <ChileOnlyRoe>
        <RoeUafPage />
      </ChileOnlyRoe>
    ),
    handle: { titleKey: 'shell:routes.reportRoeUaf', permissions: REPORTS },
  },
  {
    path: '/home/reports/coaf',
    // Brazil's COAF communications: another country's company reads why they are not for them (issue 23, point 3)
    element: (
      <BrazilOnlyCoaf>
        <CoafPage />
      </BrazilOnlyCoaf>
    ),
    handle: { titleKey: 'coaf:page', permissions: REPORTS },
  },
  pageRoute('/home/analitys/analitys', <AnalyticsPage />, 'shell:routes.analytics', ['allExceptSuperAdmin']),
];
