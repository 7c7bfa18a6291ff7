import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';
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
  {
    path: '/home/reports',
    element: <ReportsPage />,
    handle: { titleKey: 'shell:routes.reports', permissions: REPORTS },
  },
  {
    path: '/home/reports/compliance-officer',
    element: <ComplianceOfficerPage />,
    handle: { titleKey: 'shell:routes.reportComplianceOfficer', permissions: REPORTS },
  },
  {
    path: '/home/reports/conflict-of-interest',
    element: <ConflictOfInterestPage />,
    handle: { titleKey: 'shell:routes.reportConflictOfInterest', permissions: REPORTS },
  },
  {
    path: '/home/reports/exportReport',
    element: <ExportReportPage />,
    handle: { titleKey: 'shell:routes.reportExport', permissions: REPORTS },
  },
  {
    path: '/home/reports/final-beneficiaries',
    element: <FinalBeneficiariesPage />,
    handle: { titleKey: 'shell:routes.reportFinalBeneficiaries', permissions: REPORTS },
  },
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
  {
    path: '/home/analitys/analitys',
    element: <AnalyticsPage />,
    handle: { titleKey: 'shell:routes.analytics', permissions: ['allExceptSuperAdmin'] },
  },
];
