/** Query keys of the company's users (/home/users) (decision 279). */
export const usersKeys = {
  all: ['users'] as const,
  /** every page of the list and every count: a change to a user invalidates them */
  lists: ['users', 'list'] as const,
  counts: ['users', 'count'] as const,
  list: (filters: unknown, limit: number, skip: number) => ['users', 'list', filters, limit, skip] as const,
  count: (filters: unknown) => ['users', 'count', filters] as const,
  one: (id: string) => ['users', 'one', id] as const,
  /** a user's photo: every version of it (invalidated by an upload) */
  photo: (id: string) => ['users', 'photo', id] as const,
  /** one version of the photo (a new upload is fetched again) */
  photoVersion: (id: string, version: string) => ['users', 'photo', id, version] as const,
};
