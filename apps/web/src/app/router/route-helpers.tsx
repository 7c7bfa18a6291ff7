import type { PermissionKey } from '@regcheck/shared/permissions';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { lazyPage } from './lazy-page';
import type { RouteMeta } from './route-access';

const PlaceholderPage = lazyPage(() => import('../placeholder/PlaceholderPage'), 'PlaceholderPage');

/** Route object with typed metadata. */
export interface AppRoute extends Omit<RouteObject, 'handle' | 'children' | 'index'> {
  handle?: RouteMeta;
  children?: AppRoute[];
  index?: boolean;
}

/** A page's route: its path, its page, its translated title and the keys of which one opens it. */
export function pageRoute(
  path: string,
  element: ReactElement,
  titleKey: string,
  permissions?: readonly PermissionKey[],
): AppRoute {
  return { path, element, handle: { titleKey, permissions } };
}

/**
 * A route whose page belongs to a later issue: it renders its translated title and the notice that the section
 * is being built. Replace the element in the feature's routes.tsx when the page exists.
 */
export function placeholderRoute(path: string, titleKey: string, permissions?: readonly PermissionKey[]): AppRoute {
  return { path, element: <PlaceholderPage />, handle: { titleKey, permissions } };
}

/** Several placeholder paths sharing one title and perimeter. */
export function placeholderRoutes(
  paths: readonly string[],
  titleKey: string,
  permissions?: readonly PermissionKey[],
): AppRoute[] {
  return paths.map((p) => placeholderRoute(p, titleKey, permissions));
}

export function redirectRoute(path: string, to: string): AppRoute {
  return { path, element: <Navigate to={to} replace /> };
}
