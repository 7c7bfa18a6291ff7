/** Query keys of the providers' configuration of a company (super administrator) (decision 279). */
export const providersKeys = {
  all: (companyId: string) => ['providers', companyId] as const,
  company: (companyId: string) => ['providers', companyId, 'company'] as const,
  configs: (companyId: string) => ['providers', companyId, 'configs'] as const,
  info: (companyId: string) => ['providers', companyId, 'info'] as const,
  thresholds: (companyId: string) => ['providers', companyId, 'thresholds'] as const,
};
