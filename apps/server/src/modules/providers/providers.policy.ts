import type { Caller, RouteAccess } from '../../plugins/context';
import { holds } from '../../plugins/policy';

/**
 * Who reaches the per-person records: every company user opens the record pages (the files perimeter); the
 * provider call log is read by those who answer for it (admin, adminNoUser, auditor, supervisor); the providers'
 * configuration and contracted limits are the super administrator's.
 */
export const providersAccess = {
  read: 'allExceptSuperAdmin',
  configure: 'superadmin',
} satisfies Record<string, RouteAccess>;

const CALL_LOG_READERS = new Set(['admin', 'adminNoUser', 'auditor', 'supervisor']);

/** The log of provider calls (who looked up which person at which provider): the administrators and the auditors. */
export function mayReadCallLog(caller: Caller): boolean {
  return holds(caller.auth, 'allExceptSuperAdmin') && CALL_LOG_READERS.has(caller.auth.role);
}
