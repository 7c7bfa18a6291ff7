import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute, redirectRoute } from '../../app/router/route-helpers';

const SUPER = ['superadmin'] as const;
const WATCH = ['superadmin', 'watcher'] as const;
const company = (segment: string, titleKey: string) =>
  placeholderRoute(`/regcheck/companies/:id/edit/${segment}`, titleKey, SUPER);

/** The super-administrator area under the product's lowercase name, and the watcher's monitoring pages. */
export const adminRoutes: AppRoute[] = [
  redirectRoute('/regcheck', '/regcheck/companies'),
  placeholderRoute('/regcheck/admins', 'shell:routes.admins', SUPER),
  placeholderRoute('/regcheck/admins/create', 'shell:routes.adminCreate', SUPER),
  placeholderRoute('/regcheck/admins/:id/edit', 'shell:routes.adminEdit', SUPER),
  placeholderRoute('/regcheck/companies', 'shell:routes.companies', SUPER),
  placeholderRoute('/regcheck/companies/create', 'shell:routes.companyCreate', SUPER),
  placeholderRoute('/regcheck/companies/:id/edit', 'shell:routes.companyEdit', SUPER),
  company('anexosFormularios', 'shell:routes.companyFormAttachments'),
  company('businessRulesControl', 'shell:routes.companyBusinessRules'),
  company('dofPannel', 'shell:routes.companyDofPanel'),
  company('fileConfig', 'shell:routes.companyFileConfig'),
  company('generalConfiguration', 'shell:routes.companyGeneralConfiguration'),
  company('generalConfiguration/:tab', 'shell:routes.companyGeneralConfiguration'),
  company('profile', 'shell:routes.companyProfile'),
  company('reportsDashboard', 'shell:routes.companyReportsDashboard'),
  company('reportsDashboard/:reportId/conflict-of-interest', 'shell:routes.reportConflictOfInterest'),
  company('reportsDashboard/:reportId/final-beneficiaries', 'shell:routes.reportFinalBeneficiaries'),
  company('riskConfiguration', 'shell:routes.companyRiskConfiguration'),
  company('riskController', 'shell:routes.companyRiskController'),
  company('riskController/edit/:listId', 'shell:routes.companyRiskController'),
  company('tagsConfiguration', 'shell:routes.companyTags'),
  company('editUser/:userid', 'shell:routes.userEdit'),
  placeholderRoute('/regcheck/lists', 'shell:routes.lists', SUPER),
  placeholderRoute('/regcheck/lists/internationalOrganizations/:id', 'shell:routes.listInternational', SUPER),
  placeholderRoute('/regcheck/lists/ProcessosJudiciais/:run', 'shell:routes.listJudicial', SUPER),
  placeholderRoute(
    '/regcheck/lists/ProcessosJudiciais/:run/DetalheProcesso/:idDetalhe',
    'shell:routes.listJudicialDetail',
    SUPER,
  ),
  placeholderRoute('/regcheck/lists/screeningGlobal/:id', 'shell:routes.listScreeningGlobal', SUPER),
  placeholderRoute(
    '/regcheck/lists/screeningGlobal/:id/expandedDetail/:entityId',
    'shell:routes.listScreeningGlobalDetail',
    SUPER,
  ),
  placeholderRoute('/regcheck/monitoring', 'shell:routes.monitoring', WATCH),
  placeholderRoute('/regcheck/monitoring/ParameterDisplay', 'shell:routes.monitoringParameters', WATCH),
  placeholderRoute('/regcheck/pep', 'shell:routes.pep', SUPER),
  placeholderRoute('/regcheck/pep/define', 'shell:routes.pepDefine', SUPER),
  placeholderRoute('/regcheck/pep/pag', 'shell:routes.pepPag', SUPER),
  placeholderRoute('/regcheck/pep/:id/edit', 'shell:routes.pepEdit', SUPER),
  placeholderRoute('/regcheck/vigilancia', 'shell:routes.vigilancia', WATCH),
];
