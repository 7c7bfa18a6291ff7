/** Query keys of the notifications; invalidating `all` refreshes the list, the counts and the bell. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  list: (filter: unknown) => ['notifications', 'list', filter] as const,
  count: (where: unknown) => ['notifications', 'count', where] as const,
  unread: () => ['notifications', 'unread'] as const,
};
