import type { RouteAccess } from '../../plugins/context';
import { fichasAccess } from '../fichas';

/**
 * Who reaches the reference data of the forms: countries and regions any signed-in user; positions every company
 * user; adding a position whoever writes fichas (it is asked in the ficha form).
 */
export const referenceAccess = {
  forms: 'authenticated',
  positions: 'allExceptSuperAdmin',
  addPosition: fichasAccess.write,
} satisfies Record<string, RouteAccess>;
