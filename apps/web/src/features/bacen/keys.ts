/** Query keys of the Bacen fraud-indication records (decision 279). */
export const bacenKeys = {
  all: ['bacen'] as const,
  list: (companyId: string, page: number, size: number, deleted: boolean, fichaId?: string) =>
    ['bacen', 'list', companyId, page, size, deleted, fichaId ?? ''] as const,
  one: (id: string) => ['bacen', 'one', id] as const,
  declaration: ['bacen', 'declaration'] as const,
};
