import type { Caller, RouteAccess } from '../../plugins/context';
import { holds } from '../../plugins/policy';
import { fichasAccess } from '../fichas';

/**
 * The enhanced due diligence of a ficha follows the ficha's own rules (fichas.policy.ts): whoever reads a ficha
 * reads it (every company role, the auditor and the compliance officer included); whoever edits a ficha fills its
 * texts (admin, adminNoUser, frontdesk, userMonitoring). The approval is senior management's: the company
 * administrators only (the spec's role table: admin and adminNoUser, "Administrador"), decision 141.
 */
export const fichaEddAccess = {
  read: fichasAccess.read,
  write: fichasAccess.write,
} satisfies Record<string, RouteAccess>;

/** Approving a ficha's enhanced due diligence (senior management): admin and adminNoUser. */
export function mayApproveEdd(caller: Caller): boolean {
  return holds(caller.auth, 'eddApprove');
}
