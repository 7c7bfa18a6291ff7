import type { Caller, RouteAccess } from '../../plugins/context';
import { holds } from '../../plugins/policy';

/**
 * Who reaches the fichas routes (and those of their related persons, files and reference data). Reading: every
 * company role (allExceptSuperAdmin: the ficha is the product's core, and auditors and compliance officers read
 * it). Writing: the roles of new operation, customer management and individual search (search/history/
 * individualSearch: admin, adminNoUser, frontdesk, userMonitoring), the ones that create fichas in the spec's
 * screens. Trash (reading inactive fichas, restore, hard delete): 'trash' (admin).
 */
export const fichasAccess = {
  read: 'allExceptSuperAdmin',
  write: ['search', 'history', 'individualSearch'],
  trash: 'trash',
  /**
   * Deciding whether a PEP register name match is the customer (confirm or withdraw, decision 193): a screening
   * review, the spec's blacklist area (admin, adminNoUser, userMonitoring), the same roles that dismiss a match.
   */
  pepMatch: 'blacklistAdmin',
  /** the reports of fichas (GET /informes/fichasPersonas*) */
  reports: 'mainPanel',
} satisfies Record<string, RouteAccess>;

/** Whether the caller may read the trash (a list whose where names a status other than active). */
export function maySeeTrash(caller: Caller): boolean {
  return holds(caller.auth, 'trash');
}

/** Overwriting a ficha's risk: the administrators (riskOverride of the permission table). */
export function mayOverrideRisk(caller: Caller): boolean {
  return holds(caller.auth, 'riskOverride');
}
