/** Query keys of the super administrator's companies and their risk configuration. */
export const adminKeys = {
  companies: ['admin', 'companies'] as const,
  companyList: (page: number, pageSize: number) => ['admin', 'companies', 'list', page, pageSize] as const,
  companyCount: () => ['admin', 'companies', 'count'] as const,
  company: (id: string) => ['admin', 'company', id] as const,
  risk: (id: string) => ['admin', 'risk', id] as const,
  reportFlows: (id: string) => ['admin', 'reportFlows', id] as const,
  companyUsers: (id: string) => ['admin', 'company', id, 'users'] as const,
};
