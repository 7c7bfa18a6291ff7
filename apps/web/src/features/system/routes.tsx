import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage', { guest: true });
const ErrorPage = lazyPage(() => import('./pages/ErrorPage'), 'ErrorPage', { guest: true });
const EnglishEntryPage = lazyPage(() => import('./pages/EnglishEntryPage'), 'EnglishEntryPage', { guest: true });

/** Language entry, error and not-found pages. */
export const systemRoutes: AppRoute[] = [
  { path: '/en', element: <EnglishEntryPage /> },
  { path: '/error', element: <ErrorPage />, handle: { titleKey: 'system:error.title' } },
  { path: '/notFound', element: <NotFoundPage />, handle: { titleKey: 'system:notFound.title' } },
];
