import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

const FILES = ['allExceptSuperAdmin'] as const;
const page = (segment: string, titleKey: string) => placeholderRoute(`/home/records/:run/${segment}`, titleKey, FILES);

/** The per-person report pages under /home/records/:run/ that are not part of fichas or operations. */
export const personRecordsRoutes: AppRoute[] = [
  placeholderRoute('/home/records/:run/bacenCircular6', 'shell:routes.bacenCircular6', ['bacen']),
  placeholderRoute('/home/records/:run/bacenCircular6/:id', 'shell:routes.bacenCircular6', ['bacen']),
  page('boletinConcursal', 'shell:routes.boletinConcursal'),
  placeholderRoute('/home/records/:run/businessReport', 'shell:routes.businessReport', ['commercialReport']),
  page('carpetaTributaria', 'shell:routes.carpetaTributaria'),
  page('carpetaTributaria/view', 'shell:routes.carpetaTributaria'),
  page('carpetaTributaria/view/:id', 'shell:routes.carpetaTributaria'),
  page('carpetaTributaria/tab/:tab', 'shell:routes.carpetaTributaria'),
  page('causasCivilesChile', 'shell:routes.causasCivilesChile'),
  page('causasLaboralesChile', 'shell:routes.causasLaboralesChile'),
  page('causasMedioambientales', 'shell:routes.causasMedioambientales'),
  page('consorcio-operations', 'shell:routes.consorcioOperations'),
  page('judiciaryBrazil', 'shell:routes.judiciaryBrazil'),
  page('pepMexico', 'shell:routes.pepMexico'),
  page('pepOutrasRestricoes', 'shell:routes.pepOutrasRestricoes'),
  page('poderJudicialCriminal', 'shell:routes.poderJudicialCriminal'),
  page('poderJudicialCriminalChile', 'shell:routes.poderJudicialCriminalChile'),
  page('poderJudicialLaboral', 'shell:routes.poderJudicialLaboral'),
  page('policy-detail', 'shell:routes.policyDetail'),
  page('products-asociados', 'shell:routes.productsAsociados'),
];
