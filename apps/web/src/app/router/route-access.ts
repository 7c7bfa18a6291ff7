import type { PermissionKey, PermissionSubject, Role } from '@regcheck/shared/permissions';
import { canAny, isCompanyRole } from '@regcheck/shared/permissions';
import { loginUrlFor, sanitizeReturnPath } from './return-path';

/** What the guard needs to know about the logged user. */
export interface AccessUser extends PermissionSubject {
  role: Role;
  restrictedSection: boolean;
  /** the administrator asked for a new password: every page but the change itself waits for it */
  askPasswordChange?: boolean;
}

/** Where a user whose administrator asked for a new password is sent until they choose one. */
export const CHANGE_PASSWORD_PATH = '/tools/changepassword';

/** Whether the guard holds a signed-in user at the change-password page (public links and error pages stay open). */
function mustChangePasswordFirst(user: AccessUser, pathname: string): boolean {
  if (!user.askPasswordChange || pathname === CHANGE_PASSWORD_PATH) return false;
  return !pathname.includes('/public/') && pathname !== '/error' && pathname !== '/notFound';
}

/** Route metadata (React Router `handle`) that the guard reads. */
export interface RouteMeta {
  /** translation key of the page title */
  titleKey?: string;
  /** route perimeter: the user needs at least one of these keys, otherwise goes to / */
  permissions?: readonly PermissionKey[];
}

/** Paths reachable without a session (spec section 6 "Other rules"), plus the two error pages, which must render for anyone. */
export function isOpenPath(pathname: string): boolean {
  if (pathname === '/' || pathname === '/hall' || pathname === '/en') return true;
  if (pathname === '/error' || pathname === '/notFound') return true;
  if (pathname === '/login' || pathname.startsWith('/login/')) return true;
  if (pathname === '/recover' || pathname.startsWith('/recover/')) return true;
  return pathname.includes('/public/');
}

/** Public form and allegation paths that a logged-in user may not open (they go to /hall). */
export function isPublicPathClosedToUsers(pathname: string): boolean {
  if (/^\/public\/consultation\/[^/]+\/[^/]+\/form(DOF|BF)\/?$/.test(pathname)) return true;
  if (/^\/public\/transaction\/[^/]+\/form(DOF|BF)\/?$/.test(pathname)) return true;
  return pathname === '/public/denounces' || pathname.startsWith('/public/denounces/');
}

export function isAllegationPath(pathname: string): boolean {
  return pathname === '/home/denounces' || pathname.startsWith('/home/denounces/');
}

export function isRestrictedSectionPath(pathname: string): boolean {
  return pathname === '/home/analitys/analitys' || pathname.startsWith('/home/analitys/analitys/');
}

/** A company role without a company cannot use /home/**. */
export function lacksCompany(user: AccessUser): boolean {
  return isCompanyRole(user.role) && !user.company;
}

export interface AccessInput {
  pathname: string;
  search: string;
  user: AccessUser | null;
  /** metadata of every matched route, outermost first */
  metas: readonly RouteMeta[];
}

/**
 * Where the guard sends the visitor, or null to render the page. Order: session, logged-in-only redirects,
 * company, allegation roles, restricted section, route perimeter.
 */
export function accessRedirect({ pathname, search, user, metas }: AccessInput): string | null {
  if (pathname === '/') return user ? '/hall' : '/login';
  if (!user) {
    if (pathname === '/hall') return '/login';
    if (isOpenPath(pathname)) return null;
    return loginUrlFor(pathname + search);
  }
  if (mustChangePasswordFirst(user, pathname)) return CHANGE_PASSWORD_PATH;
  if (pathname === '/login' || pathname === '/login/') {
    const returnTo = sanitizeReturnPath(new URLSearchParams(search).get('returnTo'));
    return returnTo ?? '/hall';
  }
  if (isPublicPathClosedToUsers(pathname)) return '/hall';
  const inHome = pathname === '/home' || pathname.startsWith('/home/');
  if (inHome && lacksCompany(user)) return '/hall';
  if (isAllegationPath(pathname) && !canAny(user, ['allegations'])) return '/hall';
  if (isRestrictedSectionPath(pathname) && !user.restrictedSection) return '/notFound';
  for (const meta of metas) {
    if (meta.permissions && meta.permissions.length > 0 && !canAny(user, meta.permissions)) return '/';
  }
  return null;
}

/**
 * Whether a redirect of `accessRedirect` turns a signed-in user away from a page they may not open (the guard then
 * says "No tienes permiso para abrir esta página"), as opposed to the ordinary landing redirects (/ and /login) and
 * the restricted section's not-found.
 */
export function isForbiddenRedirect(input: AccessInput, redirect: string | null): boolean {
  if (!input.user || !redirect || redirect === '/notFound' || redirect === CHANGE_PASSWORD_PATH) return false;
  const p = input.pathname;
  return p !== '/' && p !== '/login' && p !== '/login/';
}
