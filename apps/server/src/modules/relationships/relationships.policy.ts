import type { RouteAccess } from '../../plugins/context';
import { fichasAccess } from '../fichas';

/**
 * Who reaches the relationship routes: the same roles as the fichas they relate (reading: every company role;
 * writing: the roles that create fichas), since a relationship is part of its ficha.
 */
export const relationshipsAccess = {
  read: fichasAccess.read,
  write: fichasAccess.write,
} satisfies Record<string, RouteAccess>;
