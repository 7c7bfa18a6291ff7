import type { PermissionKey } from '@regcheck/shared/permissions';
import type { ReactNode } from 'react';
import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const FILES = ['allExceptSuperAdmin'] as const;
/** Creating and editing a ficha: the roles that may write fichas (useFichaPermissions().canWrite), so that a
 * read-only role is turned away before typing a whole form rather than on the 403 of the save. */
const WRITE: readonly PermissionKey[] = ['search', 'history', 'individualSearch'];

const FichasListPage = lazyPage(() => import('./pages/FichasListPage'), 'FichasListPage');
const FichaDetailPage = lazyPage(() => import('./pages/FichaDetailPage'), 'FichaDetailPage');
const FichaFormPage = lazyPage(() => import('./pages/FichaFormPage'), 'FichaFormPage');
const ExportFichasPage = lazyPage(() => import('./pages/ExportFichasPage'), 'ExportFichasPage');
const RepresentativesPage = lazyPage(() => import('./pages/RecordsRelatedPage'), 'RepresentativesPage');
const BeneficiariesPage = lazyPage(() => import('./pages/RecordsRelatedPage'), 'BeneficiariesPage');
const PartnersPage = lazyPage(() => import('./pages/RecordsRelatedPage'), 'PartnersPage');
const RelatedCompaniesPage = lazyPage(() => import('./pages/RecordsRelatedPage'), 'RelatedCompaniesPage');
const AutomaticRelationsPage = lazyPage(() => import('./pages/AutomaticRelationsPage'), 'AutomaticRelationsPage');
const HistorialPage = lazyPage(() => import('./pages/HistorialPage'), 'HistorialPage');
const CpfCnpjValidatorPage = lazyPage(() => import('./pages/CpfCnpjValidatorPage'), 'CpfCnpjValidatorPage');
const TrashPage = lazyPage(() => import('./pages/TrashPage'), 'TrashPage');
const InspectionPackPage = lazyPage(() => import('./pages/InspectionPackPage'), 'InspectionPackPage');

const page = (
  path: string,
  element: ReactNode,
  titleKey: string,
  permissions: readonly PermissionKey[] = FILES,
): AppRoute => ({
  path,
  element,
  handle: { titleKey, permissions },
});

/** Customer files (fichas), the persons in them and their related persons; the trash of deleted records. */
export const fichasRoutes: AppRoute[] = [
  page('/home/fichas', <FichasListPage />, 'shell:routes.fichas'),
  page('/home/fichas/exportFicha', <ExportFichasPage />, 'shell:routes.fichasExport'),
  page('/home/fichas/inspectionPack', <InspectionPackPage />, 'shell:routes.inspectionPack', ['inspectionPack']),
  page('/home/fichas/:id', <FichaDetailPage />, 'shell:routes.fichas'),
  page('/home/fichas/:id/edit', <FichaFormPage />, 'shell:routes.fichas', WRITE),
  page('/home/person/create', <FichaFormPage />, 'shell:routes.personCreate', WRITE),
  page('/home/records/:run/representatives', <RepresentativesPage />, 'shell:routes.representatives'),
  page('/home/records/:run/beneficiaries', <BeneficiariesPage />, 'shell:routes.beneficiaries'),
  page('/home/records/:run/partners', <PartnersPage />, 'shell:routes.partners'),
  page('/home/records/:run/relatedCompanies', <RelatedCompaniesPage />, 'shell:routes.relatedCompanies'),
  page('/home/records/:run/automaticRelations', <AutomaticRelationsPage />, 'shell:routes.automaticRelations'),
  page('/home/records/:run/historial', <HistorialPage />, 'shell:routes.historial'),
  page('/home/records/:run/validadorCPF-CNPJ', <CpfCnpjValidatorPage />, 'shell:routes.validatorCpfCnpj'),
  page('/home/records/:run/validadorCpfOuCnpj', <CpfCnpjValidatorPage />, 'shell:routes.validatorCpfCnpj'),
  page('/tools/trash', <TrashPage />, 'shell:routes.trash', ['trash']),
];
