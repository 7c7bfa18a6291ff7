import type { CourtCaseDetailView } from '@regcheck/shared/schemas/person-records';
import type { CourtCase } from '@regcheck/shared/schemas/records';
import { api } from '../../../app/api/client';

export interface ProcessosView {
  document: string;
  state: 'found' | 'notFound' | 'notConfigured';
  cached?: boolean;
  sample?: boolean;
  fetchedAt?: string;
  data: CourtCase[];
  count: number;
}
export interface CompanyOption {
  id: string;
  name: string;
  country: string;
  status: 'active' | 'inactive';
}

const filter = encodeURIComponent(JSON.stringify({ limit: 500 }));

/** The super administrator's court-case lookups of any CPF/CNPJ on an obliged subject's contract. */
export const processosApi = {
  companies: () => api.get<CompanyOption[]>(`/companies?filter=${filter}`),
  list: (companyId: string, run: string, page: { limit: number; skip: number }) =>
    api.get<ProcessosView>(
      `/processos-judiciais/${companyId}/${encodeURIComponent(run)}?limit=${page.limit}&skip=${page.skip}`,
    ),
  detail: (companyId: string, run: string, id: string) =>
    api.get<CourtCaseDetailView>(
      `/processos-judiciais/${companyId}/${encodeURIComponent(run)}/${encodeURIComponent(id)}`,
    ),
};
