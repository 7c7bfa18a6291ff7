import { type Locale, localeFromAcceptLanguage, type PermissionKey } from '@regcheck/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { ApiRoute, AppDeps, AuthContext, RouteAccess } from './context';
import { holds, lacksCompany } from './policy';

/**
 * What the access plugin asks the session modules (auth, api-clients), handed in by app.ts: the plugins sit below
 * the modules and import none of them (decision 264).
 */
export interface SessionGate {
  /** the session of a bearer token, or null when it is not (or no longer) valid */
  authenticate(deps: AppDeps, bearer: string): Promise<AuthContext | null>;
  /** the language the user chose, else the company's, else null (the browser's) */
  userLocale(user: AuthContext['user'], company: AuthContext['company']): Locale | null;
  /** an API credential with a role no credential may carry */
  refusedClientRole(deps: AppDeps, auth: AuthContext): Promise<boolean>;
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() ?? null;
}

/**
 * Sign-in and permissions on every route: each /api route must declare `config.access` (a permission key of
 * packages/shared/src/permissions.ts, a list of which any one suffices, 'authenticated' or 'public'); a route
 * without it fails at start-up. 401 without a valid token, 403 FORBIDDEN without the permission.
 */
export function registerAccessControl(app: FastifyInstance, sessions: SessionGate) {
  const table: ApiRoute[] = [];
  app.decorate('apiRoutes', table);
  app.decorateRequest('auth', null);
  app.decorateRequest('locale', 'es');

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (req) => {
    req.locale = localeFromAcceptLanguage(req.headers['accept-language']) ?? 'es';
    const access = req.routeOptions.config?.access;
    const token = bearer(req);
    if (token) {
      req.auth = await sessions.authenticate(app.deps, token);
      if (req.auth) req.locale = sessions.userLocale(req.auth.user, req.auth.company) ?? req.locale;
    }
    if (!access || access === 'public') return;
    if (!req.auth) throw new AppError(token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
    // an API credential with a role no credential carries (an allegations role, made before the rule) reaches nothing
    if (await sessions.refusedClientRole(app.deps, req.auth))
      throw new AppError('API_CLIENT_ROLE_REFUSED', { params: { role: req.auth.role } });
    // a user asked to change the password (a temporary one set by an administrator) reaches nothing else until done
    if (req.auth.user.askPasswordChange && !req.routeOptions.config?.openWhilePasswordChange)
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    if (access === 'authenticated') return;
    // a company role whose company is missing or closed cannot use the platform
    if (lacksCompany(req.auth)) throw new AppError('NO_COMPANY_ASSIGNED');
    const auth = req.auth;
    const keys: PermissionKey[] = Array.isArray(access) ? access : [access];
    if (!keys.some((k) => holds(auth, k))) throw new AppError('FORBIDDEN');
  });
}
