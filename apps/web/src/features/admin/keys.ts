/**
 * Query keys of the administration feature (decision 279): the super administrator's companies, their
 * configuration, users and report flows, and the platform's own accounts. `companies` and `company(id)` are
 * prefixes: invalidating a company refreshes its configuration and users too.
 */
export const adminKeys = {
  companies: ['admin', 'companies'] as const,
  companyList: (limit: number, skip: number) => ['admin', 'companies', 'list', limit, skip] as const,
  companyCount: () => ['admin', 'companies', 'count'] as const,
  company: (id: string) => ['admin', 'company', id] as const,
  withActivity: (id: string) => ['admin', 'company', id, 'activity'] as const,
  businessRules: (id: string) => ['admin', 'company', id, 'businessRules'] as const,
  fileConfig: (id: string) => ['admin', 'company', id, 'fileConfig'] as const,
  tagsConfig: (id: string) => ['admin', 'company', id, 'tagsConfig'] as const,
  tags: (id: string) => ['admin', 'company', id, 'tags'] as const,
  listControls: (id: string) => ['admin', 'company', id, 'listControls'] as const,
  sso: (id: string) => ['admin', 'company', id, 'sso'] as const,
  signatures: (id: string) => ['admin', 'company', id, 'signatures'] as const,
  /** a company's logo: every version of it (invalidated by an upload) */
  logo: (id: string) => ['admin', 'logo', id] as const,
  /** one version of the logo (a new upload is fetched again) */
  logoVersion: (id: string, version: string) => ['admin', 'logo', id, version] as const,
  /** a company's users: the users card, the report flows' picker and a user's edit share it */
  companyUsers: (id: string) => ['admin', 'company', id, 'users'] as const,
  /** one company user, edited by the super administrator */
  user: (id: string) => ['admin', 'user', id] as const,
  activities: ['admin', 'commercialActivities'] as const,
  risk: (id: string) => ['admin', 'risk', id] as const,
  reportFlows: (id: string) => ['admin', 'reportFlows', id] as const,
  /** the platform's own accounts (/regcheck/admins) */
  platformUsers: ['admin', 'platformUsers'] as const,
  platformUserList: (limit: number, skip: number) => ['admin', 'platformUsers', 'list', limit, skip] as const,
  platformUserCount: () => ['admin', 'platformUsers', 'count'] as const,
  platformUser: (id: string) => ['admin', 'platformUsers', 'one', id] as const,
};
