/** Query keys of the company's users (/home/users) and the external API (/tools/api). */
export const usersKeys = {
  all: ['users'] as const,
  list: (filters: unknown, limit: number, skip: number) => ['users', 'list', filters, limit, skip] as const,
  count: (filters: unknown) => ['users', 'count', filters] as const,
  one: (id: string) => ['users', 'one', id] as const,
  photo: (id: string) => ['users', 'photo', id] as const,
  apiClients: ['integrations', 'apiClients'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
  deliveries: (id: string, limit: number, skip: number) => ['integrations', 'deliveries', id, limit, skip] as const,
};
