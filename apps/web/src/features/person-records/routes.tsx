import type { CaseType } from '@regcheck/shared/schemas/records';
import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

const BusinessReportPage = lazyPage(() => import('./pages/BusinessReportPage'), 'BusinessReportPage');
const PepMexicoPage = lazyPage(() => import('./pages/PepMexicoPage'), 'PepMexicoPage');
const CourtCasesPage = lazyPage(() => import('./pages/CourtCasesPage'), 'CourtCasesPage');
const BacenPersonPage = lazyPage(() => import('../bacen/pages/BacenPersonPage'), 'BacenPersonPage');
const BacenDetailPage = lazyPage(() => import('../bacen/pages/BacenDetailPage'), 'BacenDetailPage');

const FILES = ['allExceptSuperAdmin'] as const;
const page = (segment: string, titleKey: string) => placeholderRoute(`/home/records/:run/${segment}`, titleKey, FILES);
const cases = (type: CaseType, titleKey: string): AppRoute => ({
  path: `/home/records/:run/${type}`,
  element: <CourtCasesPage />,
  handle: { titleKey, permissions: FILES },
});

/** The per-person report pages under /home/records/:run/ that are not part of fichas or operations. */
export const personRecordsRoutes: AppRoute[] = [
  {
    path: '/home/records/:run/bacenCircular6',
    element: <BacenPersonPage />,
    handle: { titleKey: 'shell:routes.bacenCircular6', permissions: ['bacen'] },
  },
  {
    path: '/home/records/:run/bacenCircular6/:id',
    element: <BacenDetailPage />,
    handle: { titleKey: 'shell:routes.bacenCircular6', permissions: ['bacen'] },
  },
  page('boletinConcursal', 'shell:routes.boletinConcursal'),
  {
    path: '/home/records/:run/businessReport',
    element: <BusinessReportPage />,
    handle: { titleKey: 'shell:routes.businessReport', permissions: ['commercialReport'] },
  },
  page('carpetaTributaria', 'shell:routes.carpetaTributaria'),
  page('carpetaTributaria/view', 'shell:routes.carpetaTributaria'),
  page('carpetaTributaria/view/:id', 'shell:routes.carpetaTributaria'),
  page('carpetaTributaria/tab/:tab', 'shell:routes.carpetaTributaria'),
  cases('causasCivilesChile', 'shell:routes.causasCivilesChile'),
  cases('causasLaboralesChile', 'shell:routes.causasLaboralesChile'),
  cases('causasMedioambientales', 'shell:routes.causasMedioambientales'),
  page('consorcio-operations', 'shell:routes.consorcioOperations'),
  cases('judiciaryBrazil', 'shell:routes.judiciaryBrazil'),
  {
    path: '/home/records/:run/pepMexico',
    element: <PepMexicoPage />,
    handle: { titleKey: 'shell:routes.pepMexico', permissions: FILES },
  },
  page('pepOutrasRestricoes', 'shell:routes.pepOutrasRestricoes'),
  cases('poderJudicialCriminal', 'shell:routes.poderJudicialCriminal'),
  cases('poderJudicialCriminalChile', 'shell:routes.poderJudicialCriminalChile'),
  cases('poderJudicialLaboral', 'shell:routes.poderJudicialLaboral'),
  page('policy-detail', 'shell:routes.policyDetail'),
  page('products-asociados', 'shell:routes.productsAsociados'),
];
