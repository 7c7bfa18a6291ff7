import type { PermissionKey } from '@regcheck/shared/permissions';
import type { CaseType } from '@regcheck/shared/schemas/records';
import type { ReactElement } from 'react';
import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const BusinessReportPage = lazyPage(() => import('./pages/BusinessReportPage'), 'BusinessReportPage');
const PepMexicoPage = lazyPage(() => import('./pages/PepMexicoPage'), 'PepMexicoPage');
const CourtCasesPage = lazyPage(() => import('./pages/CourtCasesPage'), 'CourtCasesPage');
const RestrictionsPage = lazyPage(() => import('./pages/RestrictionsPage'), 'RestrictionsPage');
const InsolvencyPage = lazyPage(() => import('./pages/InsolvencyPage'), 'InsolvencyPage');
const TaxFolderPage = lazyPage(() => import('./pages/TaxFolderPage'), 'TaxFolderPage');
const InsurerOperationsPage = lazyPage(() => import('./pages/InsurerOperationsPage'), 'InsurerOperationsPage');
const InsurerProductsPage = lazyPage(() => import('./pages/InsurerProductsPage'), 'InsurerProductsPage');
const PolicyDetailPage = lazyPage(() => import('./pages/PolicyDetailPage'), 'PolicyDetailPage');
const ProviderCallsPage = lazyPage(() => import('./pages/ProviderCallsPage'), 'ProviderCallsPage');
const ProcessosJudiciaisPage = lazyPage(() => import('./pages/ProcessosJudiciaisPage'), 'ProcessosJudiciaisPage');
const DetalheProcessoPage = lazyPage(() => import('./pages/ProcessosJudiciaisPage'), 'DetalheProcessoPage');
const BacenPersonPage = lazyPage(() => import('../bacen/pages/BacenPersonPage'), 'BacenPersonPage');
const BacenDetailPage = lazyPage(() => import('../bacen/pages/BacenDetailPage'), 'BacenDetailPage');

const FILES = ['allExceptSuperAdmin'] as const;
const SUPER = ['superadmin'] as const;
const page = (
  path: string,
  element: ReactElement,
  titleKey: string,
  permissions: readonly PermissionKey[] = FILES,
): AppRoute => ({ path, element, handle: { titleKey, permissions } });
const run = (segment: string, element: ReactElement, titleKey: string, permissions?: readonly PermissionKey[]) =>
  page(`/home/records/:run/${segment}`, element, titleKey, permissions);
const cases = (type: CaseType, titleKey: string) => run(type, <CourtCasesPage />, titleKey);

/**
 * The per-person report pages under /home/records/:run/ that are not part of fichas or operations, the company's log
 * of provider lookups, and the super administrator's court cases of any CPF/CNPJ. The two /regcheck/lists pages are
 * registered here, ahead of the admin feature's placeholders for the same paths (which rank after these).
 */
export const personRecordsRoutes: AppRoute[] = [
  run('bacenCircular6', <BacenPersonPage />, 'shell:routes.bacenCircular6', ['bacen']),
  run('bacenCircular6/:id', <BacenDetailPage />, 'shell:routes.bacenCircular6', ['bacen']),
  run('boletinConcursal', <InsolvencyPage />, 'shell:routes.boletinConcursal'),
  run('businessReport', <BusinessReportPage />, 'shell:routes.businessReport', ['commercialReport']),
  run('carpetaTributaria', <TaxFolderPage />, 'shell:routes.carpetaTributaria'),
  run('carpetaTributaria/view', <TaxFolderPage />, 'shell:routes.carpetaTributaria'),
  run('carpetaTributaria/view/:id', <TaxFolderPage />, 'shell:routes.carpetaTributaria'),
  run('carpetaTributaria/tab/:tab', <TaxFolderPage />, 'shell:routes.carpetaTributaria'),
  cases('causasCivilesChile', 'shell:routes.causasCivilesChile'),
  cases('causasLaboralesChile', 'shell:routes.causasLaboralesChile'),
  cases('causasMedioambientales', 'shell:routes.causasMedioambientales'),
  run('consorcio-operations', <InsurerOperationsPage />, 'shell:routes.consorcioOperations'),
  cases('judiciaryBrazil', 'shell:routes.judiciaryBrazil'),
  run('pepMexico', <PepMexicoPage />, 'shell:routes.pepMexico'),
  run('pepOutrasRestricoes', <RestrictionsPage />, 'shell:routes.pepOutrasRestricoes'),
  cases('poderJudicialCriminal', 'shell:routes.poderJudicialCriminal'),
  cases('poderJudicialCriminalChile', 'shell:routes.poderJudicialCriminalChile'),
  cases('poderJudicialLaboral', 'shell:routes.poderJudicialLaboral'),
  run('policy-detail', <PolicyDetailPage />, 'shell:routes.policyDetail'),
  run('products-asociados', <InsurerProductsPage />, 'shell:routes.productsAsociados'),
  page('/home/records/providerCalls', <ProviderCallsPage />, 'shell:routes.providerCalls', ['providerCallLog']),
  page('/regcheck/lists/ProcessosJudiciais/:run', <ProcessosJudiciaisPage />, 'shell:routes.listJudicial', SUPER),
  page(
    '/regcheck/lists/ProcessosJudiciais/:run/DetalheProcesso/:idDetalhe',
    <DetalheProcessoPage />,
    'shell:routes.listJudicialDetail',
    SUPER,
  ),
];
