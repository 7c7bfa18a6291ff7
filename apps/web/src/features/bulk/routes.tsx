import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const BulkHistoryPage = lazyPage(() => import('./pages/BulkHistoryPage'), 'BulkHistoryPage');
const BulkUploadPage = lazyPage(() => import('./pages/BulkUploadPage'), 'BulkUploadPage');

/** Bulk loads of fichas and operations (needs the massiveBulks key, which needs the company's flag). */
export const bulkRoutes: AppRoute[] = [
  {
    path: '/home/massiveBulks',
    element: <BulkHistoryPage />,
    handle: { titleKey: 'shell:routes.massiveBulks', permissions: ['massiveBulks'] },
  },
  {
    path: '/tools/massiveUpload',
    element: <BulkUploadPage />,
    handle: { titleKey: 'shell:routes.massiveUpload', permissions: ['massiveBulks'] },
  },
];
