import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';

const BulkHistoryPage = lazyPage(() => import('./pages/BulkHistoryPage'), 'BulkHistoryPage');
const BulkUploadPage = lazyPage(() => import('./pages/BulkUploadPage'), 'BulkUploadPage');

/** Bulk loads of fichas and operations (needs the massiveBulks key, which needs the company's flag). */
export const bulkRoutes: AppRoute[] = [
  pageRoute('/home/massiveBulks', <BulkHistoryPage />, 'shell:routes.massiveBulks', ['massiveBulks']),
  pageRoute('/tools/massiveUpload', <BulkUploadPage />, 'shell:routes.massiveUpload', ['massiveBulks']),
];
