import type { RouteAccess } from '../../plugins/context';

/** Who reaches the individual search: the roles of the individual search screen (individualSearch). */
export const searchAccess = {
  individual: 'individualSearch',
} satisfies Record<string, RouteAccess>;
