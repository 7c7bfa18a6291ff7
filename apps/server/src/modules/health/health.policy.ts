import type { RouteAccess } from '../../plugins/context';

/** Liveness and the sign-in page's settings answer anyone: a load balancer and a signed-out browser ask them. */
export const healthAccess = {
  open: 'public',
} satisfies Record<string, RouteAccess>;
