/** Query keys of the company's users (/home/users) (decision 279). */
export const usersKeys = {
  all: ['users'] as const,
  /** every page of the list and every count: a change to a user invalidates them */
  lists: ['users', 'list'] as const,
  counts: ['users', 'count'] as const,
  list: (filters: unknown, limit: number, skip: number) => ['users', 'list', filters, limit, skip] as const,
  count: (filters: unknown) => ['users', 'count', filters] as const,
  one: (id: string) => ['users', 'one', id] as const,
  photo: (id: string) => ['users', 'photo', id] as const,
};
