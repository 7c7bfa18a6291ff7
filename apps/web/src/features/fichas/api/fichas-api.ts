import type { EddView } from '@regcheck/shared/schemas/edd';
import type {
  AutomaticRelationsView,
  BeneficiariesView,
  FichaHistoryPageT,
  FichaView,
  FichaWithRelationsView,
  FileUploadResult,
  RelationshipView,
  RiskConfigurationT,
  TagView,
} from '@regcheck/shared/schemas/fichas';
import type { ReviewView } from '@regcheck/shared/schemas/reviews';
import type { z } from 'zod';
import { ApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { tokenStore } from '../../../app/api/token-store';
import { i18n } from '../../../app/i18n/i18n';
import { busy } from '../../../app/loading/busy';

export type Ficha = z.infer<typeof FichaView>;
export type FichaWithRelations = z.infer<typeof FichaWithRelationsView>;
export type Relationship = z.infer<typeof RelationshipView>;
export type Beneficiaries = z.infer<typeof BeneficiariesView>;
export type AutomaticRelations = z.infer<typeof AutomaticRelationsView>;
export type Tag = z.infer<typeof TagView>;
export type Review = z.infer<typeof ReviewView>;
export type Edd = z.infer<typeof EddView>;
export type EddReasonT = Edd['reasons'][number];
export type RiskLevelKey = 'low' | 'medium' | 'high';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The calls of spec 000 §7 (fichas, relationships, files) as the server exposes them under /api. */
export const fichasApi = {
  list: (filter: unknown) => api.get<Ficha[]>(`/fichas-clientes?filter=${q(filter)}`),
  count: (where: unknown) =>
    api.get<{ count: number; estimated?: boolean }>(`/fichas-clientes/count?where=${q(where)}`),
  trash: (filter: unknown) => api.get<Ficha[]>(`/fichas-clientes/trash?filter=${q(filter)}`),
  get: (id: string) => api.get<Ficha>(`/fichas-clientes/${id}`),
  withRelations: (id: string) => api.get<FichaWithRelations>(`/fichas-clientes/with-relations/${id}`),
  byDni: (dni: string) => api.get<Ficha>(`/fichas-clientes/by-dni/${encodeURIComponent(dni)}`),
  create: (body: unknown) => api.post<Ficha>('/fichas-clientes', body),
  patch: (id: string, body: unknown) => api.patch<Ficha>(`/fichas-clientes/${id}`, body),
  softDelete: (ids: string[]) => api.patch<{ count: number }>('/fichas-clientes/soft-delete', { fichasIds: ids }),
  restore: (ids: string[]) => api.patch<{ count: number }>('/fichas-clientes/restore', { fichasIds: ids }),
  hardDelete: (id: string) => api.post<{ count: number }>(`/fichas-clientes/${id}`),
  overwriteRisk: (id: string, overwrittenRisk: RiskLevelKey | null, reason: string) =>
    api.patch<Ficha>(`/fichas-clientes/${id}/risk`, { overwrittenRisk, reason }),
  screen: (id: string) => api.post<Ficha>(`/fichas-clientes/${id}/screen`),
  /** the officer confirms that a PEP register name match is this customer (decisions 171, 193) */
  confirmPep: (id: string, personId: string) =>
    api.post<NonNullable<Ficha['pep']>>(`/fichas-clientes/${id}/pep-confirmations`, { personId }),
  /** the confirmation withdrawn */
  unconfirmPep: (id: string, personId: string) =>
    api.delete<NonNullable<Ficha['pep']>>(`/fichas-clientes/${id}/pep-confirmations/${encodeURIComponent(personId)}`),
  deleteFile: (id: string, index: number) => api.put<Ficha>(`/fichas-clientes/${id}/deleteFile/${index}`),
  createRelationship: (body: unknown) => api.post<Relationship>('/ficha-relationship', body),
  deleteRelationship: (id: string) => api.patch<Relationship>(`/ficha-relationship/${id}/delete`),
  beneficiaries: (id: string) => api.get<Beneficiaries>(`/fichas-clientes-beneficiaries/${id}`),
  automaticRelations: (id: string, distance: number) =>
    api.get<AutomaticRelations>(`/automatic-relations/${id}?distance=${distance}&relationship_direction=both`),
  tags: () => api.get<Tag[]>(`/tags?filter=${q({ where: { appliesTo: 'fichas', active: true }, limit: 1000 })}`),
  /** what the tag input suggests: the company's active ficha tags and the tags already on its fichas, by name */
  tagSuggestions: async (): Promise<string[]> => {
    const [defined, used] = await Promise.all([
      fichasApi.tags(),
      api.get<{ name: string; appliesTo: string }[]>('/tags/in-use'),
    ]);
    const names = [...defined.map((x) => x.name), ...used.filter((x) => x.appliesTo === 'fichas').map((x) => x.name)];
    return [...new Set(names.map((n) => n.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b));
  },
  /** the company's risk model (weights and cut-offs), which every company user may read */
  riskConfiguration: () => api.get<RiskConfigurationT>('/risk-configuration'),
  /** the periodic reviews of a ficha, newest first */
  reviews: (id: string) => api.get<Review[]>(`/fichas-clientes/${id}/reviews`),
  /** the ficha's enhanced due diligence: whether required and why, its checklist and status */
  edd: (id: string) => api.get<Edd>(`/fichas-clientes/${id}/edd`),
  patchEdd: (id: string, body: { sourceOfFunds?: string; sourceOfWealth?: string; approve?: true }) =>
    api.patch<Edd>(`/fichas-clientes/${id}/edd`, body),
  recordReview: (id: string, body: { checked: string; outcome: string }) =>
    api.post<Review>(`/fichas-clientes/${id}/reviews`, body),
  history: (id: string, limit: number, skip: number) =>
    api.get<FichaHistoryPageT>(`/fichas-clientes/${id}/history?limit=${limit}&skip=${skip}`),
  allTags: () => api.get<Tag[]>(`/tags?filter=${q({ limit: 1000 })}`),
  createTag: (body: { name: string; appliesTo: 'fichas' | 'operations'; active?: boolean }) =>
    api.post<Tag>('/tags', body),
  updateTag: (id: string, body: { name?: string; active?: boolean }) => api.patch<Tag>(`/tags/${id}`, body),
  deleteTag: (id: string) => api.delete<{ ok: true; fichasUpdated: number }>(`/tags/${id}`),
  cleanTags: () => api.post<{ fichasUpdated: number }>('/tools/clean-existing-tags', {}),
};

/**
 * GET /fichas-clientes/export with the list's filter: the server streams an .xlsx, handed to the browser as a
 * download. Errors carry the server's translated message (e.g. FICHAS_EXPORT_TOO_MANY).
 */
export async function downloadFichasExport(where: unknown): Promise<string> {
  busy.start();
  try {
    const token = tokenStore.read()?.token;
    const headers: Record<string, string> = { 'Accept-Language': i18n.language };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(`/api/fichas-clientes/export?filter=${q({ where })}`, { headers });
    if (!res.ok) {
      const e = ((await res.json().catch(() => null)) ?? {}) as {
        statusCode?: number;
        code?: string;
        message?: string;
        field?: string;
      };
      throw new ApiError(e.statusCode ?? res.status, e.code ?? 'INTERNAL', e.message ?? res.statusText, e.field);
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'fichas.xlsx';
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
    return name;
  } finally {
    busy.done();
  }
}

/** Upload limit of documents (spec 000 §5 and §9). */
export const MAX_PDF_BYTES = 25 * 1024 * 1024;

/**
 * Multipart upload of a PDF to a ficha (POST /api/files/ficha/{origin}/{id}). The JSON client does not send
 * FormData, so this one call uses fetch with the same bearer token, language and busy counter.
 */
export async function uploadFichaPdf(fichaId: string, file: File): Promise<z.infer<typeof FileUploadResult>> {
  const form = new FormData();
  form.append('file', file, file.name);
  busy.start();
  try {
    const token = tokenStore.read()?.token;
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(`/api/files/ficha/documents/${fichaId}`, { method: 'POST', headers, body: form });
    const body = (await res.json().catch(() => null)) as
      | { statusCode?: number; code?: string; message?: string; field?: string }
      | z.infer<typeof FileUploadResult>
      | null;
    if (!res.ok) {
      const e = (body ?? {}) as { statusCode?: number; code?: string; message?: string; field?: string };
      throw new ApiError(
        e.statusCode ?? res.status,
        e.code ?? 'INTERNAL',
        e.message ?? i18n.t('fichas:errors.FILE_ENCRYPTED'),
        e.field,
      );
    }
    return body as z.infer<typeof FileUploadResult>;
  } finally {
    busy.done();
  }
}

/** Downloads a ficha file with the bearer token and hands it to the browser. */
export async function downloadFichaFile(url: string, name: string): Promise<void> {
  const token = tokenStore.read()?.token;
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new ApiError(res.status, 'FILE_NOT_FOUND', i18n.t('fichas:errors.FILE_NOT_FOUND'));
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
