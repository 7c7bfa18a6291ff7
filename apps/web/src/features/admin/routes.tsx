import type { ReactElement } from 'react';
import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute, redirectRoute } from '../../app/router/route-helpers';

const CompaniesListPage = lazyPage(() => import('./pages/CompaniesListPage'), 'CompaniesListPage');
const CompanyCreatePage = lazyPage(() => import('./pages/CompanyFormPages'), 'CompanyCreatePage');
const CompanyEditPage = lazyPage(() => import('./pages/CompanyFormPages'), 'CompanyEditPage');
const AdminsListPage = lazyPage(() => import('./pages/AdminsPages'), 'AdminsListPage');
const AdminCreatePage = lazyPage(() => import('./pages/AdminsPages'), 'AdminCreatePage');
const AdminEditPage = lazyPage(() => import('./pages/AdminsPages'), 'AdminEditPage');
const RiskConfigurationPage = lazyPage(() => import('./pages/RiskConfigurationPage'), 'RiskConfigurationPage');

const SUPER = ['superadmin'] as const;
const company = (segment: string, titleKey: string) =>
  placeholderRoute(`/regcheck/companies/:id/edit/${segment}`, titleKey, SUPER);
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
  page('/regcheck/companies/:id/edit', <CompanyEditPage />, 'shell:routes.companyEdit'),
  company('anexosFormularios', 'shell:routes.companyFormAttachments'),
  company('businessRulesControl', 'shell:routes.companyBusinessRules'),
  company('dofPannel', 'shell:routes.companyDofPanel'),
  company('fileConfig', 'shell:routes.companyFileConfig'),
  company('generalConfiguration', 'shell:routes.companyGeneralConfiguration'),
  company('generalConfiguration/:tab', 'shell:routes.companyGeneralConfiguration'),
  page('/regcheck/companies/:id/edit/profile', <CompanyEditPage />, 'shell:routes.companyProfile'),
  company('reportsDashboard', 'shell:routes.companyReportsDashboard'),
  company('reportsDashboard/:reportId/conflict-of-interest', 'shell:routes.reportConflictOfInterest'),
  company('reportsDashboard/:reportId/final-beneficiaries', 'shell:routes.reportFinalBeneficiaries'),
  page(
    '/regcheck/companies/:id/edit/riskConfiguration',
    <RiskConfigurationPage />,
    'shell:routes.companyRiskConfiguration',
  ),
  company('riskController', 'shell:routes.companyRiskController'),
  company('riskController/edit/:listId', 'shell:routes.companyRiskController'),
  company('tagsConfiguration', 'shell:routes.companyTags'),
  company('editUser/:userid', 'shell:routes.userEdit'),
  placeholderRoute('/regcheck/lists/ProcessosJudiciais/:run', 'shell:routes.listJudicial', SUPER),
  placeholderRoute(
    '/regcheck/lists/ProcessosJudiciais/:run/DetalheProcesso/:idDetalhe',
    'shell:routes.listJudicialDetail',
    SUPER,
  ),
  // the PEP register, the lists' catalogue and entries, monitoring and vigilancia: features/platform/routes.tsx
];
