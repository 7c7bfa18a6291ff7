import type {
  DatacorpInfoT,
  ProviderAccountViewT,
  ProviderConfigViewT,
  ProviderIdT,
} from '@regcheck/shared/schemas/providers';
import { api } from '../../../app/api/client';

export interface ProviderConfigBody {
  /** absent keeps the stored address */
  baseUrl?: string;
  credentials?: string | null;
  requestLimit: number | null;
  enabled: boolean;
}
export interface AccountBody {
  baseUrl: string;
  clientId: string;
  clientSecret?: string | null;
}
export interface Thresholds {
  mediumFrom: number;
  highFrom: number;
  isDefault?: boolean;
}

const id = encodeURIComponent;

/** The super administrator's provider configuration of one company (credentials and secrets are write-only). */
export const providersApi = {
  company: (companyId: string) => api.get<{ id: string; name: string; country: string }>(`/companies/${id(companyId)}`),
  configs: (companyId: string) => api.get<ProviderConfigViewT[]>(`/providers/${id(companyId)}`),
  configure: (companyId: string, provider: ProviderIdT, body: ProviderConfigBody) =>
    api.put<ProviderConfigViewT>(`/providers/${id(companyId)}/${provider}`, body),
  info: (companyId: string) => api.get<DatacorpInfoT>(`/companies/get-datacorp-info/${id(companyId)}`),
  setAccount: (companyId: string, body: AccountBody) =>
    api.put<ProviderAccountViewT>(`/providers/${id(companyId)}/account`, body),
  renewToken: (companyId: string) => api.post<DatacorpInfoT>(`/companies/create-renew-datacorp-token/${id(companyId)}`),
  thresholds: (companyId: string) => api.get<Thresholds>(`/commercial-report/thresholds/${id(companyId)}`),
  setThresholds: (companyId: string, body: Thresholds) =>
    api.put<Thresholds>(`/commercial-report/thresholds/${id(companyId)}`, body),
};
