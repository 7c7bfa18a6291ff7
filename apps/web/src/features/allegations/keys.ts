/**
 * Query keys of the allegations feature (decision 279). `lists` is the prefix of every page and count of the reports
 * list: a change to a report invalidates it.
 */
export const allegationsKeys = {
  all: ['allegations'] as const,
  lists: ['allegations', 'list'] as const,
  list: (filter: unknown) => ['allegations', 'list', filter] as const,
  count: (where: unknown) => ['allegations', 'list', 'count', where] as const,
  detail: (id: string) => ['allegations', 'detail', id] as const,
  settings: ['allegations', 'settings'] as const,
  assignable: (companyId: string) => ['allegations', 'assignable', companyId] as const,
  /** the signed-in sidebar's channel state (GET /denuncia-channel) */
  channelStatus: (companyId: string) => ['allegations', 'channel-status', companyId] as const,
  /** the public pages' channel (rate-limited public route) */
  publicChannel: (companyId: string) => ['allegations', 'channel', companyId] as const,
  aggregates: (companyId: string, init: string, end: string) =>
    ['allegations', 'aggregates', companyId, init, end] as const,
};
