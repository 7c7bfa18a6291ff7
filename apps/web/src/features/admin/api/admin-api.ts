import type { CompanyCreateBody, CompanyView } from '@regcheck/shared/schemas/companies';
import type { RiskConfigurationT } from '@regcheck/shared/schemas/fichas';
import type { z } from 'zod';
import { api } from '../../../app/api/client';

export type Company = z.infer<typeof CompanyView>;
export type CompanyBody = z.infer<typeof CompanyCreateBody>;
export type RiskConfiguration = RiskConfigurationT;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The super administrator's calls: obliged subjects and each one's risk model. */
export const adminApi = {
  companies: (limit: number, skip: number) => api.get<Company[]>(`/companies?filter=${q({ limit, skip })}`),
  companiesCount: () => api.get<{ count: number }>('/companies/count'),
  company: (id: string) => api.get<Company>(`/companies/${encodeURIComponent(id)}`),
  createCompany: (body: CompanyBody) => api.post<Company>('/companies', body),
  updateCompany: (id: string, body: Partial<CompanyBody>) =>
    api.patch<Company>(`/companies/${encodeURIComponent(id)}`, body),
  riskConfiguration: (companyId: string) =>
    api.get<RiskConfiguration>(`/risk-configuration?companyId=${encodeURIComponent(companyId)}`),
  saveRiskConfiguration: (companyId: string, config: RiskConfiguration) =>
    api.put<RiskConfiguration>(`/risk-configuration?companyId=${encodeURIComponent(companyId)}`, config),
};
