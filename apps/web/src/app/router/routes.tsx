import { Navigate } from 'react-router';
import { adminRoutes } from '../../features/admin/routes';
import { allegationsPublicRoutes, allegationsRoutes } from '../../features/allegations/routes';
import { authGuestRoutes, authToolsRoutes } from '../../features/auth/routes';
import { bacenRoutes } from '../../features/bacen/routes';
import { bulkRoutes } from '../../features/bulk/routes';
import { fichasRoutes } from '../../features/fichas/routes';
import { formsPublicRoutes } from '../../features/forms/routes';
import { hallRoutes } from '../../features/hall/routes';
import { homeRoutes } from '../../features/home/routes';
import { integrationsRoutes } from '../../features/integrations/routes';
import { manualsRoutes } from '../../features/manuals/routes';
import { newsRoutes } from '../../features/news/routes';
import { notificationsRoutes } from '../../features/notifications/routes';
import { operationsRoutes } from '../../features/operations/routes';
import { personRecordsRoutes } from '../../features/person-records/routes';
import { platformRoutes } from '../../features/platform/routes';
import { profileRoutes } from '../../features/profile/routes';
import { reportsRoutes } from '../../features/reports/routes';
import { screeningRoutes } from '../../features/screening/routes';
import { systemRoutes } from '../../features/system/routes';
import { usersRoutes } from '../../features/users/routes';
import { RouteErrorPage } from '../errors/RouteErrorPage';
import { RouteGuard } from '../guards/RouteGuard';
import { lazyPage } from './lazy-page';
import type { AppRoute } from './route-helpers';

const DefaultLayout = lazyPage(() => import('../layouts/DefaultLayout'), 'DefaultLayout');
const GuestLayout = lazyPage(() => import('../layouts/GuestLayout'), 'GuestLayout', { guest: true });
const PublicLayout = lazyPage(() => import('../layouts/PublicLayout'), 'PublicLayout');

/** Every route of both spec files, grouped by layout; each feature owns its list in features/<feature>/routes.tsx. */
export const appRoutes: AppRoute[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          // the guard sends / to /hall or /login
          { path: '/', element: null },
          {
            element: <DefaultLayout />,
            children: [
              ...hallRoutes,
              ...homeRoutes,
              ...profileRoutes,
              ...fichasRoutes,
              ...operationsRoutes,
              ...personRecordsRoutes,
              ...screeningRoutes,
              ...allegationsRoutes,
              ...reportsRoutes,
              ...bacenRoutes,
              ...usersRoutes,
              ...bulkRoutes,
              ...notificationsRoutes,
              ...manualsRoutes,
              ...newsRoutes,
              ...integrationsRoutes,
              ...authToolsRoutes,
              ...adminRoutes,
              ...platformRoutes,
            ],
          },
          { element: <GuestLayout />, children: [...authGuestRoutes, ...systemRoutes] },
          { element: <PublicLayout />, children: [...allegationsPublicRoutes, ...formsPublicRoutes] },
          { path: '*', element: <Navigate to="/notFound" replace /> },
        ],
      },
    ],
  },
];
