import type { ReactElement } from 'react';
import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';
import { redirectRoute } from '../../app/router/route-helpers';

const CompaniesListPage = lazyPage(() => import('./pages/CompaniesListPage'), 'CompaniesListPage');
const CompanyCreatePage = lazyPage(() => import('./pages/CompanyFormPages'), 'CompanyCreatePage');
const CompanyEditLayout = lazyPage(() => import('./components/CompanyEditLayout'), 'CompanyEditLayout');
const CompanyProfileTab = lazyPage(() => import('./pages/CompanyProfileTab'), 'CompanyProfileTab');
const CompanyGeneralTab = lazyPage(() => import('./pages/CompanyGeneralTab'), 'CompanyGeneralTab');
const BusinessRulesTab = lazyPage(() => import('./pages/BusinessRulesTab'), 'BusinessRulesTab');
const FileConfigTab = lazyPage(() => import('./pages/FileConfigTab'), 'FileConfigTab');
const RiskControllerTab = lazyPage(() => import('./pages/RiskControllerPages'), 'RiskControllerTab');
const RiskControllerEditPage = lazyPage(() => import('./pages/RiskControllerPages'), 'RiskControllerEditPage');
const TagsConfigurationTab = lazyPage(() => import('./pages/TagsConfigurationTab'), 'TagsConfigurationTab');
const CompanyUserEditPage = lazyPage(() => import('./pages/CompanyUserEditPage'), 'CompanyUserEditPage');
const AdminsListPage = lazyPage(() => import('./pages/AdminsPages'), 'AdminsListPage');
const AdminCreatePage = lazyPage(() => import('./pages/AdminsPages'), 'AdminCreatePage');
const AdminEditPage = lazyPage(() => import('./pages/AdminsPages'), 'AdminEditPage');
const RiskConfigurationPage = lazyPage(() => import('./pages/RiskConfigurationPage'), 'RiskConfigurationPage');
const ProvidersSettingsPage = lazyPage(
  () => import('../providers/pages/ProvidersSettingsPage'),
  'ProvidersSettingsPage',
);
const ReportsDashboardPage = lazyPage(() => import('./pages/ReportFlowsPages'), 'ReportsDashboardPage');
const ReportFlowPage = lazyPage(() => import('./pages/ReportFlowsPages'), 'ReportFlowPage');
const CompanyTemplatesPage = lazyPage(() => import('../forms/pages/CompanyTemplatesPage'), 'CompanyTemplatesPage');
const CompanyFormRulesPage = lazyPage(() => import('../forms/pages/CompanyFormRulesPage'), 'CompanyFormRulesPage');

const SUPER = ['superadmin'] as const;
/** A tab of the company edit area (a child of its layout). */
const tab = (segment: string, element: ReactElement, titleKey: string): AppRoute => ({
  path: `/regcheck/companies/:id/edit/${segment}`,
  element,
  handle: { titleKey, permissions: SUPER },
});
const page = (path: string, element: ReactElement, titleKey: string): AppRoute => ({
  path,
  element,
  handle: { titleKey, permissions: SUPER },
});

/** The super-administrator area under the product's lowercase name, and the watcher's monitoring pages. */
export const adminRoutes: AppRoute[] = [
  redirectRoute('/regcheck', '/regcheck/companies'),
  page('/regcheck/admins', <AdminsListPage />, 'shell:routes.admins'),
  page('/regcheck/admins/create', <AdminCreatePage />, 'shell:routes.adminCreate'),
  page('/regcheck/admins/:id/edit', <AdminEditPage />, 'shell:routes.adminEdit'),
  page('/regcheck/companies', <CompaniesListPage />, 'shell:routes.companies'),
  page('/regcheck/companies/create', <CompanyCreatePage />, 'shell:routes.companyCreate'),
  {
    // the company edit area: the layout shows the company and its tabs (lib/company-tabs.ts), each child one tab
    path: '/regcheck/companies/:id/edit',
    element: <CompanyEditLayout />,
    handle: { titleKey: 'shell:routes.companyEdit', permissions: SUPER },
    children: [
      { index: true, element: <CompanyProfileTab />, handle: { titleKey: 'shell:routes.companyEdit' } },
      tab('anexosFormularios', <CompanyTemplatesPage />, 'shell:routes.companyFormAttachments'),
      tab('businessRulesControl', <BusinessRulesTab />, 'shell:routes.companyBusinessRules'),
      tab('dofPannel', <CompanyFormRulesPage />, 'shell:routes.companyDofPanel'),
      tab('fileConfig', <FileConfigTab />, 'shell:routes.companyFileConfig'),
      tab('generalConfiguration', <CompanyGeneralTab />, 'shell:routes.companyGeneralConfiguration'),
      tab('generalConfiguration/:tab', <CompanyGeneralTab />, 'shell:routes.companyGeneralConfiguration'),
      tab('profile', <CompanyProfileTab />, 'shell:routes.companyProfile'),
      tab('reportsDashboard', <ReportsDashboardPage />, 'shell:routes.companyReportsDashboard'),
      // {reportId}: conflictOfInterest or finalBeneficiaries, the report flows of PATCH /companies/reportFlows/{id}
      tab('reportsDashboard/:reportId', <ReportFlowPage />, 'shell:routes.companyReportFlow'),
      // ours (decision 84): the company's record providers, data-provider account, limits and call log
      tab('providers', <ProvidersSettingsPage />, 'shell:routes.companyProviders'),
      tab('riskConfiguration', <RiskConfigurationPage />, 'shell:routes.companyRiskConfiguration'),
      tab('riskController', <RiskControllerTab />, 'shell:routes.companyRiskController'),
      tab('riskController/edit/:listId', <RiskControllerEditPage />, 'shell:routes.companyRiskController'),
      tab('tagsConfiguration', <TagsConfigurationTab />, 'shell:routes.companyTags'),
      tab('editUser/:userid', <CompanyUserEditPage />, 'shell:routes.userEdit'),
    ],
  },
  // ProcessosJudiciais and DetalheProcesso: features/person-records/routes.tsx (decision 82)
  // the PEP register, the lists' catalogue and entries, monitoring and vigilancia: features/platform/routes.tsx
];
