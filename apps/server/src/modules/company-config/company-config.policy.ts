import type { RouteAccess } from '../../plugins/context';

/**
 * The company edit area is the super administrator's; the commercial activities catalogue is read by anyone signed
 * in (a company shows its own activity, the super administrator picks one).
 */
export const companyConfigAccess = {
  manage: 'superadmin',
  catalogue: 'authenticated',
} satisfies Record<string, RouteAccess>;
