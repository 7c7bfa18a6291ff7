import type { Locale, PermissionKey, Role } from '@regcheck/shared';
import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/database';
import type { CompanyRow, UserRow } from '../db/schema';
import type { JobQueue } from '../jobs/queue';

/** What the application is built with; tests build it with their own database and settings. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  queue: JobQueue;
  jwtSecret: string;
}

/** The signed-in caller of a request. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  companyId: string | null;
  company: CompanyRow | null;
  user: UserRow;
}

/** Who may call a route: a permission key (any of a list), any signed-in user, or anyone. */
export type RouteAccess = PermissionKey | PermissionKey[] | 'authenticated' | 'public';

/** A route of /api with its access rule (the route table, for tests and docs). */
export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    locale: Locale;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** The caller of a route that requires sign-in (the access hook guarantees it is there). */
export function caller(req: { auth: AuthContext | null }): AuthContext {
  if (!req.auth) throw new Error('route without sign-in asked for the caller');
  return req.auth;
}
