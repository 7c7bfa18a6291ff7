import type { PermissionKey } from '@regcheck/shared/permissions';
import type { ReactNode } from 'react';
import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const AllegationsListPage = lazyPage(() => import('./pages/AllegationsListPage'), 'AllegationsListPage');
const AllegationDetailPage = lazyPage(() => import('./pages/AllegationDetailPage'), 'AllegationDetailPage');
const PublicChannelPage = lazyPage(() => import('./pages/PublicChannelPage'), 'PublicChannelPage');
const NewAllegationPage = lazyPage(() => import('./pages/NewAllegationPage'), 'NewAllegationPage');
const AllegationSuccessPage = lazyPage(() => import('./pages/AllegationSuccessPage'), 'AllegationSuccessPage');
const FollowUpPage = lazyPage(() => import('./pages/FollowUpPage'), 'FollowUpPage');

const HANDLE: readonly PermissionKey[] = ['allegations'];
const page = (
  path: string,
  element: ReactNode,
  titleKey: string,
  permissions?: readonly PermissionKey[],
): AppRoute => ({
  path,
  element,
  handle: { titleKey, permissions },
});

/** The whistleblowing channel inside the app (the guard also sends other roles to /hall). */
export const allegationsRoutes: AppRoute[] = [
  page('/home/denounces', <AllegationsListPage />, 'shell:routes.allegations', HANDLE),
  page('/home/denounces/:id/:pin?/:denounceId', <AllegationDetailPage />, 'shell:routes.allegationDetail', HANDLE),
];

/** Filing and following a report without an account. */
export const allegationsPublicRoutes: AppRoute[] = [
  page('/public/denounces', <PublicChannelPage />, 'shell:routes.publicDenounces'),
  page('/public/denounces/new', <NewAllegationPage />, 'shell:routes.publicDenouncesNew'),
  page('/public/denounces/success', <AllegationSuccessPage />, 'shell:routes.publicDenouncesSuccess'),
  page('/public/denounces/:companyId', <PublicChannelPage />, 'shell:routes.publicDenounces'),
  page('/public/denounces/:companyId/followUp', <FollowUpPage />, 'shell:routes.publicDenouncesFollowUp'),
];
