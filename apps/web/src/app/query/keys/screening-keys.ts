/** Query keys of the screening feature's company lists (blacklist, list of interest) and blacklist reasons. */
export const screeningKeys = {
  blacklists: ['blacklists'] as const,
  blacklistList: (filter: unknown) => ['blacklists', filter] as const,
  blacklistCount: (where: unknown) => ['blacklists', 'count', where] as const,
  listInterns: ['list-interns'] as const,
  listInternList: (filter: unknown) => ['list-interns', filter] as const,
  listInternCount: (where: unknown) => ['list-interns', 'count', where] as const,
  reasons: () => ['blacklist-reasons'] as const,
};
