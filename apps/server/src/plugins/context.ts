import type { Locale, PermissionKey, Role } from '@regcheck/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/database';
import type { CompanyRow, UserRow } from '../db/schema';
import type { EventBus } from '../jobs/events';
import type { JobQueue } from '../jobs/queue';
import type { Scheduler } from '../jobs/scheduler';
import { AppError } from '../lib/errors';
import type { ExpiringCounters } from '../lib/expiring-counters';
import type { FileStore } from '../lib/files';
import type { RequestActivity } from '../lib/request-activity';

/** What the application is built with; tests build it with their own database and settings. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  queue: JobQueue;
  jwtSecret: string;
  /** the process logger: services log failures here, never to the console */
  log: FastifyBaseLogger;
  /** where uploaded and generated files live (DATA_DIR/files now, object storage later) */
  files: FileStore;
  /** the requests being served: a bulk load on the embedded database steps aside for them (lib/request-activity.ts) */
  activity: RequestActivity;
  /** request limits, spent challenges, wrong pins: in memory on the embedded database, in PostgreSQL otherwise (decision 207) */
  counters: ExpiringCounters;
  /** the periodic work the modules declare (jobs/scheduler.ts), run by the process that runs the schedules */
  scheduler: Scheduler;
  /**
   * the events the modules raise and who listens (jobs/events.ts, decision 281): filled from each module's
   * `listeners(deps)`, cleared when the application stops
   */
  bus: EventBus;
}

/** The signed-in user of a request, as the session resolves it. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  companyId: string | null;
  company: CompanyRow | null;
  user: UserRow;
}

/**
 * The one shape in which a service learns who calls it: the signed-in user, the company the call acts in (null for
 * the super administrator and the watcher, who have none), and where the call came from, for the audit row and
 * the log. Routes build it with `callerOf(req)`; jobs and the demo seed with `systemCaller`.
 */
export interface Caller {
  auth: AuthContext;
  companyId: string | null;
  ip: string | null;
  requestId: string | null;
  log: FastifyBaseLogger;
}

/** A caller acting inside one company: every tenant service takes this one. */
export interface TenantCaller extends Caller {
  companyId: string;
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
    /** callable by a user asked to change the password before anything else (decision 69) */
    openWhilePasswordChange?: boolean;
    /** a call of the whistleblowing reporter: not logged, no request id on its log lines (plugins/reporter-logging) */
    reporter?: boolean;
  }
}

interface RequestLike {
  auth: AuthContext | null;
  ip?: string;
  id?: string;
  log: FastifyBaseLogger;
}

/** The caller of a route that requires sign-in (the access hook guarantees the session is there). */
export function callerOf(req: RequestLike): Caller {
  if (!req.auth) throw new AppError('UNAUTHORIZED');
  return { auth: req.auth, companyId: req.auth.companyId, ip: req.ip ?? null, requestId: req.id ?? null, log: req.log };
}

/** The caller of a route that works inside the caller's company: a user without one gets 403 NO_COMPANY_ASSIGNED. */
export function tenantCallerOf(req: RequestLike): TenantCaller {
  return inCompany(callerOf(req));
}

/** Narrows a caller to its company (403 NO_COMPANY_ASSIGNED when it has none). */
export function inCompany(c: Caller): TenantCaller {
  if (!c.companyId) throw new AppError('NO_COMPANY_ASSIGNED');
  return c as TenantCaller;
}

/** A caller for work the platform does on a user's behalf outside a request (jobs, the demo seed, public links). */
export function systemCaller(auth: AuthContext, log: FastifyBaseLogger, companyId = auth.companyId): Caller {
  return { auth, companyId, ip: null, requestId: null, log };
}
