import type { CommercialReportView as CommercialReportViewSchema } from '@regcheck/shared/schemas/commercial-report';
import type { CourtCasesView, PepMexicoView, RegistryView } from '@regcheck/shared/schemas/records';
import type { z } from 'zod';
import { api } from '../../../app/api/client';

type CommercialReportView = z.infer<typeof CommercialReportViewSchema>;

/** The per-person records from external providers (registry, court cases), cached 24 h by the server. */
export const recordsApi = {
  registry: (run: string) => api.get<RegistryView>(`/person-records/${encodeURIComponent(run)}/registry`),
  pepMexico: (run: string) => api.get<PepMexicoView>(`/person-records/${encodeURIComponent(run)}/pep-mexico`),
  courtCases: (run: string, type: string, page: { limit: number; skip: number }) =>
    api.get<CourtCasesView>(
      `/person-records/${encodeURIComponent(run)}/court-cases/${encodeURIComponent(type)}?limit=${page.limit}&skip=${page.skip}`,
    ),
};

export const recordsKeys = {
  registry: (run: string) => ['person-records', 'registry', run] as const,
  pepMexico: (run: string) => ['person-records', 'pep-mexico', run] as const,
  courtCases: (run: string, type: string, limit: number, skip: number) =>
    ['person-records', 'court-cases', run, type, limit, skip] as const,
};

export const commercialApi = {
  ofFicha: (fichaId: string) =>
    api.get<{
      report: CommercialReportView | null;
      summary: { PersonsRate: string | null; lastReportDate: string | null };
    }>(`/commercial-report/ficha/${fichaId}`),
  /** the ficha of the page's document (the report routes take the ficha's id, the page's URL the document) */
  fichaIdOf: async (run: string) =>
    (await api.get<{ id: string }>(`/fichas-clientes/by-dni/${encodeURIComponent(run)}`)).id,
  validate: (fichaId: string) =>
    api.post<{ valid: boolean; showModal: boolean; code: string | null; message: string | null }>(
      '/commercial-report/validate',
      { fichaId },
    ),
  request: (fichaId: string) => api.post<CommercialReportView>('/commercial-report', { fichaId }),
};
export const commercialKeys = { ofFicha: (id: string) => ['commercial-report', id] as const };
