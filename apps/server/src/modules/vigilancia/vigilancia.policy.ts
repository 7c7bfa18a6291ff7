import type { RouteAccess } from '../../plugins/context';

/**
 * PEP monitoring across companies (spec 000 §6: "watcher: vigilancia, monitoring"; "superadmin: ... vigilancia"):
 * the watcher and the super administrator. Company roles get 403.
 */
export const vigilanciaAccess = {
  read: ['watcher', 'superadmin'],
} satisfies Record<string, RouteAccess>;
