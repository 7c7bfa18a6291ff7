import type { RouteAccess } from '../../plugins/context';

/** Who reaches the transactions routes: the roles that work on operations (new operation or customer management). */
export const transactionsAccess = {
  use: ['search', 'history'],
} satisfies Record<string, RouteAccess>;
