/** Query keys of the operations feature; invalidating `all` refreshes every operations query (decision 279). */
export const operationsKeys = {
  all: ['operations'] as const,
  detail: (id: string) => ['operations', 'detail', id] as const,
  table: (request: unknown) => ['operations', 'table', request] as const,
  resume: (request: unknown) => ['operations', 'resume', request] as const,
  flag: (companyId: string | undefined) => ['operations', 'flag', companyId] as const,
  rate: (divisa: string, date: string) => ['operations', 'rate', divisa, date] as const,
  transactions: (run: string) => ['operations', 'transactions', run] as const,
};
