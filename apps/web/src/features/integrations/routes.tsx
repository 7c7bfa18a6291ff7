import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';

const ExternalApiPage = lazyPage(() => import('./pages/ExternalApiPage'), 'ExternalApiPage');
const MailProfilesPage = lazyPage(() => import('./pages/MailProfilesPage'), 'MailProfilesPage');
const MailProfileEditPage = lazyPage(() => import('./pages/MailProfileEditPage'), 'MailProfileEditPage');

/** External API credentials and e-mail customization. */
export const integrationsRoutes: AppRoute[] = [
  pageRoute('/tools/api', <ExternalApiPage />, 'shell:routes.externalApi', ['externalApi']),
  pageRoute('/tools/mailcustomization', <MailProfilesPage />, 'shell:routes.mailCustomization', ['emailCustomization']),
  pageRoute('/tools/mailcustomization/:id', <MailProfileEditPage />, 'shell:routes.mailCustomization', [
    'emailCustomization',
  ]),
];
