import type { CommercialReportView as CommercialReportViewSchema } from '@regcheck/shared/schemas/commercial-report';
import type {
  CourtCaseDetailView,
  InsolvencyView,
  InsurerOperationsView,
  InsurerPoliciesView,
  InsurerProductsView,
  RestrictionsView,
  TaxFolderView,
} from '@regcheck/shared/schemas/person-records';
import type { CourtCasesView, PepMexicoView, RegistryView } from '@regcheck/shared/schemas/records';
import type { z } from 'zod';
import { api } from '../../../app/api/client';

type CommercialReportView = z.infer<typeof CommercialReportViewSchema>;

const rec = (run: string, path: string) => `/person-records/${encodeURIComponent(run)}/${path}`;

/** The per-person records from external providers (registry, court cases...), cached 24 h by the server. */
export const recordsApi = {
  registry: (run: string) => api.get<RegistryView>(rec(run, 'registry')),
  pepMexico: (run: string) => api.get<PepMexicoView>(rec(run, 'pep-mexico')),
  restrictions: (run: string) => api.get<RestrictionsView>(rec(run, 'restrictions')),
  insolvency: (run: string) => api.get<InsolvencyView>(rec(run, 'insolvency')),
  taxFolder: (run: string) => api.get<TaxFolderView>(rec(run, 'tax-folder')),
  insurerOperations: (run: string) => api.get<InsurerOperationsView>(rec(run, 'insurer/operations')),
  insurerProducts: (run: string) => api.get<InsurerProductsView>(rec(run, 'insurer/products')),
  insurerPolicies: (run: string) => api.get<InsurerPoliciesView>(rec(run, 'insurer/policies')),
  caseDetail: (run: string, type: string, caseId: string) =>
    api.get<CourtCaseDetailView>(rec(run, `court-cases/${encodeURIComponent(type)}/${encodeURIComponent(caseId)}`)),
  courtCases: (run: string, type: string, page: { limit: number; skip: number }) =>
    api.get<CourtCasesView>(
      `/person-records/${encodeURIComponent(run)}/court-cases/${encodeURIComponent(type)}?limit=${page.limit}&skip=${page.skip}`,
    ),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
interface RunPerson {
  id: string;
  dni: string;
  fullName: string;
  personType: 'natural' | 'legal';
}

export const commercialApi = {
  /** the person of the page's run (its ficha id, or its document): the report routes take the ficha's id */
  person: async (run: string) => {
    const id = UUID.test(run)
      ? run
      : (await api.get<{ id: string }>(`/fichas-clientes/by-dni/${encodeURIComponent(run)}`)).id;
    return api.get<RunPerson>(`/fichas-clientes/${id}`);
  },
  ofFicha: (fichaId: string) =>
    api.get<{
      report: CommercialReportView | null;
      summary: { PersonsRate: string | null; lastReportDate: string | null };
    }>(`/commercial-report/ficha/${fichaId}`),
  validate: (fichaId: string) =>
    api.post<{ valid: boolean; showModal: boolean; code: string | null; message: string | null }>(
      '/commercial-report/validate',
      { fichaId },
    ),
  request: (fichaId: string) => api.post<CommercialReportView>('/commercial-report', { fichaId }),
};
