import type {
  ConsultationResume,
  ConsultationTableResult,
  OperationDetailView,
  OperationView,
  SendConsultationEmailResult,
  TransactionView,
} from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import { ApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { tokenStore } from '../../../app/api/token-store';
import { i18n } from '../../../app/i18n/i18n';
import { busy } from '../../../app/loading/busy';

export type Operation = z.infer<typeof OperationView>;
export type OperationDetail = z.infer<typeof OperationDetailView>;
export type TableResult = z.infer<typeof ConsultationTableResult>;
export type Resume = z.infer<typeof ConsultationResume>;
export type SendEmailResult = z.infer<typeof SendConsultationEmailResult>;
export type Transaction = z.infer<typeof TransactionView>;

export interface TableFilter {
  search?: string;
  recordStatus: 'active' | 'inactive';
  status?: 'open' | 'closed';
  risk?: string[];
  dateFrom?: string;
  dateTo?: string;
  amountMin?: number;
  amountMax?: number;
  currency?: string;
  /** only suspicious (ROS) operations */
  ros?: boolean;
  /** only cash operations above the ROE threshold */
  roe?: boolean;
  /** the operation's form status is one of these (the dashboard's forms sent and signed) */
  consultationStatus?: string[];
  limit: number;
  skip: number;
}

const qs = (f: Record<string, unknown>) =>
  Object.entries(f)
    .filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
    .flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((x) => `${k}=${encodeURIComponent(x)}`) : [`${k}=${encodeURIComponent(String(v))}`],
    )
    .join('&');

/** The consultation calls of spec 001 §7 as the server exposes them under /api. */
export const operationsApi = {
  table: (f: TableFilter) => api.post<TableResult>('/informes/tabla-consultas', f),
  resume: (f: TableFilter) =>
    api.get<Resume>(`/consultations-resume?${qs({ ...f, limit: undefined, skip: undefined })}`),
  flag: (companyId: string) =>
    api
      .get<{ enabled: boolean }>(`/feature-flags/consultations_resume_is_enabled/${companyId}`, { busy: false })
      .then((r) => r.enabled)
      .catch(() => false),
  get: (id: string) => api.get<OperationDetail>(`/consultations/view/${id}`),
  create: (body: unknown) => api.post<Operation>('/consultations', body),
  update: (id: string, body: unknown) => api.patch<Operation>(`/consultations/${id}`, body),
  finish: (id: string) => api.patch<Operation>(`/consultations/finalizar/${id}`),
  resume1: (id: string) => api.patch<Operation>(`/consultations/status/${id}`, { status: 'open' }),
  softDelete: (ids: string[]) => api.patch<{ count: number }>('/consultations/soft-delete', { consultationIds: ids }),
  restore: (ids: string[]) => api.patch<{ count: number }>('/consultations/restore', { consultationIds: ids }),
  deactivateFile: (id: string, index: number) =>
    api.put<Operation>(`/consultations/${id}/deletefileConsultations/${index}`),
  sendEmail: (body: { consultationId: string; dnis?: string[]; message?: string }) =>
    api.post<SendEmailResult>('/consultations/send-email', body),
};

/** The transactions calls of spec 001 §7 used by the per-person transaction screen. */
export const transactionsApi = {
  list: (filter: string) => api.get<Transaction[]>(`/transactions?filter=${encodeURIComponent(filter)}`),
  create: (body: unknown) => api.post<Transaction>('/transactions', body),
  update: (id: string, body: unknown) => api.patch<Transaction>(`/transactions/${id}`, body),
};

async function authedFetch(path: string, init: RequestInit = {}) {
  const token = tokenStore.read()?.token;
  const headers: Record<string, string> = { 'Accept-Language': i18n.language };
  if (token) headers.Authorization = `Bearer ${token}`;
  busy.start();
  try {
    const res = await fetch(`/api${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as {
        statusCode?: number;
        code?: string;
        message?: string;
      } | null;
      throw new ApiError(res.status, body?.code ?? 'INTERNAL', body?.message ?? i18n.t('errors:INTERNAL'));
    }
    return res;
  } finally {
    busy.done();
  }
}

function save(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  URL.revokeObjectURL(href);
}

/** POST /consultations/export: the selection as .xlsx (built on the server). */
export async function exportOperations(ids: string[]) {
  const res = await authedFetch('/consultations/export', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ consultationIds: ids }),
  });
  save(await res.blob(), 'operations.xlsx');
}

/** Multipart upload of a PDF to an operation. */
export async function uploadOperationFile(id: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await authedFetch(`/consultations/${id}/files`, { method: 'POST', body: form });
  return (await res.json()) as { url: string; name: string; index: number };
}

export async function downloadOperationFile(url: string, name: string) {
  const res = await authedFetch(url.replace(/^\/api/, ''));
  save(await res.blob(), name);
}
