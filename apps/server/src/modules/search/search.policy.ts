import type { RouteAccess } from '../../plugins/context';

/** Who reaches the individual search: the roles of the individual search screen (individualSearch). */
export const searchAccess = {
  individual: 'individualSearch',
  /** a list entry whole (the hit detail of the ficha's Lists tab, the search and the notifications) */
  entry: 'allExceptSuperAdmin',
} satisfies Record<string, RouteAccess>;
