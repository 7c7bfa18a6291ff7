import type { RouteAccess } from '../../plugins/context';

/** The PEP register is kept by the platform's super administrator (001 §7 People; spec 000 §2 superadmin area). */
export const peopleAccess = {
  read: 'superadmin',
  write: 'superadmin',
} satisfies Record<string, RouteAccess>;
