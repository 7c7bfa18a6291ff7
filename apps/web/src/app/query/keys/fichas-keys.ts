/** Query keys of the fichas feature; invalidating `all` refreshes every fichas query. */
export const fichasKeys = {
  all: ['fichas'] as const,
  list: (filter: unknown) => ['fichas', 'list', filter] as const,
  count: (where: unknown) => ['fichas', 'count', where] as const,
  trash: (filter: unknown) => ['fichas', 'trash', filter] as const,
  trashCount: () => ['fichas', 'trash-count'] as const,
  detail: (id: string) => ['fichas', 'detail', id] as const,
  run: (run: string | undefined) => ['fichas', 'run', run] as const,
  history: (id: string, page: number, pageSize: number) => ['fichas', 'history', id, page, pageSize] as const,
  beneficiaries: (id: string) => ['fichas', 'beneficiaries', id] as const,
  automatic: (id: string, distance: string) => ['fichas', 'automatic', id, distance] as const,
  riskConfiguration: () => ['fichas', 'risk-configuration'] as const,
  reviews: (id: string) => ['fichas', 'reviews', id] as const,
  edd: (id: string) => ['fichas', 'edd', id] as const,
  /** a ficha's inspector's files (under `all`) */
  inspectionFiles: (id: string) => ['fichas', 'inspection-files', id] as const,
  /** the inspector's period packs of the company */
  inspectionPacks: ['inspection', 'packs'] as const,
};

/** Query keys of the company's tags (fichas and operations); invalidating `all` refreshes every tag list. */
export const tagsKeys = {
  all: ['tags'] as const,
  forFichas: () => ['tags', 'fichas'] as const,
  suggestions: () => ['tags', 'suggestions'] as const,
  every: () => ['tags', 'all'] as const,
  /** the tags in use, with their number of fichas and operations (/home/accountManager) */
  inUse: () => ['tags', 'in-use'] as const,
};
