import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

/** Bulk loads of fichas and operations (needs the company's massiveBulks flag). */
export const bulkRoutes: AppRoute[] = [
  placeholderRoute('/home/massiveBulks', 'shell:routes.massiveBulks', ['massiveBulks']),
  placeholderRoute('/tools/massiveUpload', 'shell:routes.massiveUpload', ['massiveBulks']),
];
