import type { RouteAccess } from '../../plugins/context';
import { fichasAccess } from '../fichas';

/**
 * The periodic reviews of a ficha follow the ficha's own rules (fichas.policy.ts): whoever may edit a ficha records
 * a review (admin, adminNoUser, frontdesk, userMonitoring); whoever may read it reads its reviews (every company
 * role: the auditor and the compliance officer read, and never record).
 */
export const fichaReviewsAccess = {
  read: fichasAccess.read,
  write: fichasAccess.write,
} satisfies Record<string, RouteAccess>;
