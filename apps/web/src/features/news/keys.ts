/** Query keys of the news. */
export const newsKeys = {
  all: ['news'] as const,
  list: (page: number, size: number) => ['news', 'list', page, size] as const,
  count: () => ['news', 'count'] as const,
  admin: (page: number, size: number) => ['news', 'admin', page, size] as const,
};
