import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

const ExternalApiPage = lazyPage(() => import('./pages/ExternalApiPage'), 'ExternalApiPage');

/** External API credentials and e-mail customization. */
export const integrationsRoutes: AppRoute[] = [
  {
    path: '/tools/api',
    element: <ExternalApiPage />,
    handle: { titleKey: 'shell:routes.externalApi', permissions: ['externalApi'] },
  },
  placeholderRoute('/tools/mailcustomization', 'shell:routes.mailCustomization', ['emailCustomization']),
  placeholderRoute('/tools/mailcustomization/:id', 'shell:routes.mailCustomization', ['emailCustomization']),
];
