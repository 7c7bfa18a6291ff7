/** Query keys of the bulk loads; invalidating `all` refreshes the history and every load. */
export const bulkKeys = {
  all: ['bulk'] as const,
  list: (filter: unknown) => ['bulk', 'list', filter] as const,
  count: (where: unknown) => ['bulk', 'count', where] as const,
  load: (id: string) => ['bulk', 'load', id] as const,
  errors: (id: string) => ['bulk', 'errors', id] as const,
};
