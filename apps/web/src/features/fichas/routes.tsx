import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

const FILES = ['allExceptSuperAdmin'] as const;

/** Customer files (fichas), the persons in them and their related persons; the trash of deleted records. */
export const fichasRoutes: AppRoute[] = [
  placeholderRoute('/home/fichas', 'shell:routes.fichas', FILES),
  placeholderRoute('/home/fichas/exportFicha', 'shell:routes.fichasExport', FILES),
  placeholderRoute('/home/person/create', 'shell:routes.personCreate', FILES),
  placeholderRoute('/home/records/:run/representatives', 'shell:routes.representatives', FILES),
  placeholderRoute('/home/records/:run/beneficiaries', 'shell:routes.beneficiaries', FILES),
  placeholderRoute('/home/records/:run/partners', 'shell:routes.partners', FILES),
  placeholderRoute('/home/records/:run/relatedCompanies', 'shell:routes.relatedCompanies', FILES),
  placeholderRoute('/home/records/:run/automaticRelations', 'shell:routes.automaticRelations', FILES),
  placeholderRoute('/home/records/:run/historial', 'shell:routes.historial', FILES),
  placeholderRoute('/home/records/:run/validadorCPF-CNPJ', 'shell:routes.validatorCpfCnpj', FILES),
  placeholderRoute('/home/records/:run/validadorCpfOuCnpj', 'shell:routes.validatorCpfCnpj', FILES),
  placeholderRoute('/tools/trash', 'shell:routes.trash', ['trash']),
];
