import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

/** The whistleblowing channel inside the app (the guard also sends other roles to /hall). */
export const allegationsRoutes: AppRoute[] = [
  placeholderRoute('/home/denounces', 'shell:routes.allegations', ['allegations']),
  placeholderRoute('/home/denounces/:id/:pin?/:denounceId', 'shell:routes.allegationDetail', ['allegations']),
];

/** Filing and following a report without an account. */
export const allegationsPublicRoutes: AppRoute[] = [
  placeholderRoute('/public/denounces', 'shell:routes.publicDenounces'),
  placeholderRoute('/public/denounces/new', 'shell:routes.publicDenouncesNew'),
  placeholderRoute('/public/denounces/success', 'shell:routes.publicDenouncesSuccess'),
  placeholderRoute('/public/denounces/:companyId', 'shell:routes.publicDenounces'),
  placeholderRoute('/public/denounces/:companyId/followUp', 'shell:routes.publicDenouncesFollowUp'),
];
