import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

/** External API credentials and e-mail customization. */
export const integrationsRoutes: AppRoute[] = [
  placeholderRoute('/tools/api', 'shell:routes.externalApi', ['externalApi']),
  placeholderRoute('/tools/mailcustomization', 'shell:routes.mailCustomization', ['emailCustomization']),
  placeholderRoute('/tools/mailcustomization/:id', 'shell:routes.mailCustomization', ['emailCustomization']),
];
