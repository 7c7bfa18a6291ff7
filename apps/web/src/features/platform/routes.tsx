import type { ReactElement } from 'react';
import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const PepListPage = lazyPage(() => import('./pages/PepListPage'), 'PepListPage');
const PepDefinePage = lazyPage(() => import('./pages/PepFormPages'), 'PepDefinePage');
const PepEditPage = lazyPage(() => import('./pages/PepFormPages'), 'PepEditPage');
const PepImportPage = lazyPage(() => import('./pages/PepImportPage'), 'PepImportPage');
const ListsCatalogPage = lazyPage(() => import('./pages/ListsCatalogPage'), 'ListsCatalogPage');
const ListDetailPage = lazyPage(() => import('./pages/ListDetailPage'), 'ListDetailPage');
const ListEntryPage = lazyPage(() => import('./pages/ListEntryPage'), 'ListEntryPage');
const MonitoringPage = lazyPage(() => import('./pages/MonitoringPage'), 'MonitoringPage');
const MonitoringParametersPage = lazyPage(() => import('./pages/MonitoringParametersPage'), 'MonitoringParametersPage');
const VigilanciaPage = lazyPage(() => import('./pages/VigilanciaPage'), 'VigilanciaPage');
const RoeLayoutPage = lazyPage(() => import('./pages/RoeLayoutPage'), 'RoeLayoutPage');

const SUPER = ['superadmin'] as const;
const WATCH = ['superadmin', 'watcher'] as const;
const page = (
  path: string,
  element: ReactElement,
  titleKey: string,
  permissions: readonly ('superadmin' | 'watcher')[],
) => ({ path, element, handle: { titleKey, permissions } }) satisfies AppRoute;

/**
 * The platform's registers and watch under /regcheck (spec 000 §2): the PEP register, the screening lists, the
 * monthly monitoring and the watcher's vigilancia.
 */
export const platformRoutes: AppRoute[] = [
  page('/regcheck/pep', <PepListPage />, 'shell:routes.pep', SUPER),
  page('/regcheck/pep/define', <PepDefinePage />, 'shell:routes.pepDefine', SUPER),
  page('/regcheck/pep/pag', <PepImportPage />, 'shell:routes.pepPag', SUPER),
  page('/regcheck/pep/:id/edit', <PepEditPage />, 'shell:routes.pepEdit', SUPER),
  page('/regcheck/lists', <ListsCatalogPage />, 'shell:routes.lists', SUPER),
  page('/regcheck/lists/internationalOrganizations/:id', <ListDetailPage />, 'shell:routes.listInternational', SUPER),
  page('/regcheck/lists/screeningGlobal/:id', <ListDetailPage />, 'shell:routes.listScreeningGlobal', SUPER),
  page(
    '/regcheck/lists/screeningGlobal/:id/expandedDetail/:entityId',
    <ListEntryPage />,
    'shell:routes.listScreeningGlobalDetail',
    SUPER,
  ),
  page('/regcheck/monitoring', <MonitoringPage />, 'shell:routes.monitoring', WATCH),
  page(
    '/regcheck/monitoring/ParameterDisplay',
    <MonitoringParametersPage />,
    'shell:routes.monitoringParameters',
    WATCH,
  ),
  page('/regcheck/vigilancia', <VigilanciaPage />, 'shell:routes.vigilancia', WATCH),
  // the UAF file's layout as data (decision 180)
  page('/regcheck/roe-layout', <RoeLayoutPage />, 'shell:routes.roeLayout', SUPER),
];
