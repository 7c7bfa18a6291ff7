import type { Caller, RouteAccess } from '../../plugins/context';
import { holds } from '../../plugins/policy';

/** Every company role reads the company's active manuals; only the admin roles upload, rename and deactivate them. */
export const manualsAccess = {
  read: 'manual',
  write: 'manualUpload',
} satisfies Record<string, RouteAccess>;

/** The admin roles also see (and download) the deactivated manuals. */
export function mayManageManuals(caller: Caller): boolean {
  return holds(caller.auth, 'manualUpload');
}

/** The platform's users (super administrator, watcher) read every company's manuals: they have no company. */
export function readsEveryCompanysManuals(caller: Caller): boolean {
  return !caller.companyId && (holds(caller.auth, 'superadmin') || holds(caller.auth, 'watcher'));
}
