import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

/** Brazilian central-bank fraud reports (Brazil only). */
export const bacenRoutes: AppRoute[] = [
  placeholderRoute('/home/bacen', 'shell:routes.bacen', ['bacen']),
  placeholderRoute('/home/bacen/new', 'shell:routes.bacenNew', ['bacen']),
  placeholderRoute('/home/bacen/:id', 'shell:routes.bacenDetail', ['bacen']),
];
