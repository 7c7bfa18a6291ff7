/**
 * Query keys of the platform feature (decision 279). The bare arrays are prefixes: invalidating `people`,
 * `imports`, `list(id)` or `monitoring` refreshes every key below it.
 */
export const platformKeys = {
  people: ['platform', 'people'] as const,
  person: (id: string) => ['platform', 'people', 'one', id] as const,
  peopleList: (where: unknown, order: string, limit: number, skip: number) =>
    ['platform', 'people', 'list', where, order, limit, skip] as const,
  peopleCount: (where: unknown) => ['platform', 'people', 'count', where] as const,
  primaries: (term: string) => ['platform', 'people', 'primaries', term] as const,
  related: (personId: string) => ['platform', 'people', 'related', personId] as const,
  imports: ['platform', 'pepImports'] as const,
  importPage: (limit: number, skip: number) => ['platform', 'pepImports', limit, skip] as const,
  importLines: (id: string, importStatus: string, status: string, limit: number, skip: number) =>
    ['platform', 'pepImports', id, 'lines', importStatus, status, limit, skip] as const,
  lists: ['platform', 'lists'] as const,
  list: (id: string) => ['platform', 'lists', id] as const,
  listEntries: (id: string, where: unknown, limit: number, skip: number) =>
    ['platform', 'lists', id, 'entries', where, limit, skip] as const,
  listEntriesCount: (id: string, where: unknown) => ['platform', 'lists', id, 'entriesCount', where] as const,
  listEntry: (id: string, entityId: string) => ['platform', 'lists', id, 'entry', entityId] as const,
  listVersions: (id: string) => ['platform', 'lists', id, 'versions'] as const,
  listVersion: (id: string, versionId: number | null) => ['platform', 'lists', id, 'version', versionId] as const,
  monitoring: ['platform', 'monitoring'] as const,
  monitoringSettings: ['platform', 'monitoring', 'settings'] as const,
  monitoringParameters: ['platform', 'monitoring', 'parameters'] as const,
  monitoringRuns: ['platform', 'monitoring', 'runs'] as const,
  monitoringRunPage: (limit: number, skip: number) => ['platform', 'monitoring', 'runs', limit, skip] as const,
  roeLayout: ['platform', 'roe-layout'] as const,
  vigilancia: ['platform', 'vigilancia'] as const,
  vigilanciaSummary: ['platform', 'vigilancia', 'summary'] as const,
  vigilanciaPage: (kind: string, days: number, country: string, limit: number, skip: number) =>
    ['platform', 'vigilancia', kind, days, country, limit, skip] as const,
};
