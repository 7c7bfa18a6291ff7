/** Query keys of the screening feature's company lists (blacklist, list of interest) and blacklist reasons. */
export const screeningKeys = {
  blacklists: ['blacklists'] as const,
  blacklistList: (filter: unknown) => ['blacklists', filter] as const,
  blacklistCount: (where: unknown) => ['blacklists', 'count', where] as const,
  listInterns: ['list-interns'] as const,
  listInternList: (filter: unknown) => ['list-interns', filter] as const,
  listInternCount: (where: unknown) => ['list-interns', 'count', where] as const,
  reasons: () => ['blacklist-reasons'] as const,
  entry: (listId: string, entityId: string) => ['screening-entry', listId, entityId] as const,
  dismissals: (fichaId: string) => ['match-dismissals', fichaId] as const,
  settings: () => ['screening-settings'] as const,
  /** the lists the screening settings may choose from (under `settings`) */
  listSources: () => ['screening-settings', 'list-sources'] as const,
  searchLogs: ['search-logs'] as const,
  searchLogList: (filter: unknown) => ['search-logs', filter] as const,
  searchLogCount: (where: unknown) => ['search-logs', 'count', where] as const,
  searchLogUsers: ['search-logs', 'users'] as const,
  /** the lists' freshness, for the shell's stale-lists alert */
  listFreshness: ['lists', 'freshness'] as const,
};
