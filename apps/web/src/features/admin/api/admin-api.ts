import type { CompanyCreateBody, CompanyView } from '@regcheck/shared/schemas/companies';
import type { RiskConfigurationT } from '@regcheck/shared/schemas/fichas';
import type { z } from 'zod';
import { api, fileForm } from '../../../app/api/client';
import type { UserBody, UserItem } from '../../users';

export type Company = z.infer<typeof CompanyView>;
export type CompanyBody = z.infer<typeof CompanyCreateBody>;
export type RiskConfiguration = RiskConfigurationT;
export type ReportFlowType = 'conflictOfInterest' | 'finalBeneficiaries';
export interface ReportFlows {
  companyId: string;
  reportFlows: { reportType: ReportFlowType; userName: string; uniqueId: string; updatedAt: string }[];
}

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
  deleteCompany: (id: string) => api.patch<Company>(`/companies/delete/${encodeURIComponent(id)}`),
  companyUsers: (companyId: string) =>
    api.get<UserItem[]>(`/users?companyId=${encodeURIComponent(companyId)}&filter=${q({ limit: 200 })}`),
  platformUsers: (limit: number, skip: number) =>
    api.get<UserItem[]>(`/users?platform=true&filter=${q({ limit, skip })}`),
  platformUsersCount: () => api.get<{ count: number }>('/users/count?platform=true'),
  user: (id: string) => api.get<UserItem>(`/users/${encodeURIComponent(id)}`),
  createUser: (body: UserBody & { companyId?: string }) => api.post<UserItem>('/users', body),
  updateUser: (id: string, body: Partial<UserBody>) => api.patch<UserItem>(`/users/${encodeURIComponent(id)}`, body),
  reportFlows: (id: string) => api.get<ReportFlows>(`/companies/reportFlows/${encodeURIComponent(id)}`),
  setReportFlow: (id: string, body: { reportType: ReportFlowType; userName: string; uniqueId: string }) =>
    api.patch<ReportFlows>(`/companies/reportFlows/${encodeURIComponent(id)}`, body),
  /** Multipart upload of the company logo (PNG, JPG or WEBP up to 2 MB). */
  async uploadLogo(id: string, file: File) {
    return api.upload<Company>(`/companies/addlogo/${encodeURIComponent(id)}`, fileForm(file), { method: 'PATCH' });
  },
  /** The logo as an object URL for an <img>. */
  async logoUrl(id: string) {
    return URL.createObjectURL(await api.blob(`/companies/viewlogo/${encodeURIComponent(id)}`));
  },
};
