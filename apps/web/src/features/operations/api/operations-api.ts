import type {
  ConsultationResume,
  ConsultationTableResult,
  OperationDetailView,
  OperationView,
  SendConsultationEmailResult,
  TransactionView,
} from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import { api, fileForm } from '../../../app/api/client';
import { i18n } from '../../../app/i18n/i18n';

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

/** POST /consultations/export: the selection as .xlsx (built on the server). */
export function exportOperations(ids: string[]) {
  return api.download('/consultations/export', 'operations.xlsx', { method: 'POST', body: { consultationIds: ids } });
}

/** Multipart upload of a PDF to an operation. */
export function uploadOperationFile(id: string, file: File) {
  return api.upload<{ url: string; name: string; index: number }>(`/consultations/${id}/files`, fileForm(file));
}

export function downloadOperationFile(url: string, name: string) {
  return api.download(url, name);
}
