import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const ExternalApiPage = lazyPage(() => import('./pages/ExternalApiPage'), 'ExternalApiPage');
const MailProfilesPage = lazyPage(() => import('./pages/MailProfilesPage'), 'MailProfilesPage');
const MailProfileEditPage = lazyPage(() => import('./pages/MailProfileEditPage'), 'MailProfileEditPage');

/** External API credentials and e-mail customization. */
export const integrationsRoutes: AppRoute[] = [
  {
    path: '/tools/api',
    element: <ExternalApiPage />,
    handle: { titleKey: 'shell:routes.externalApi', permissions: ['externalApi'] },
  },
  {
    path: '/tools/mailcustomization',
    element: <MailProfilesPage />,
    handle: { titleKey: 'shell:routes.mailCustomization', permissions: ['emailCustomization'] },
  },
  {
    path: '/tools/mailcustomization/:id',
    element: <MailProfileEditPage />,
    handle: { titleKey: 'shell:routes.mailCustomization', permissions: ['emailCustomization'] },
  },
];
