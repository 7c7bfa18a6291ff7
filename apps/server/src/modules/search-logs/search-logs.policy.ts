import type { RouteAccess } from '../../plugins/context';

/** Who searches (individual search, new operation, customer management) reads and keeps the search log. */
export const searchLogsAccess = {
  use: ['individualSearch', 'search', 'history'],
} satisfies Record<string, RouteAccess>;
