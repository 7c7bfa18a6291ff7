import type { BulkLoadErrorsViewT, BulkLoadViewT, BulkTemplateTypeT } from '@regcheck/shared/schemas/bulk-loads';
import { ApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { downloadFile } from '../../../app/api/download';
import { tokenStore } from '../../../app/api/token-store';
import { i18n } from '../../../app/i18n/i18n';
import { busy } from '../../../app/loading/busy';

export type BulkLoad = BulkLoadViewT;
export type BulkLoadErrors = BulkLoadErrorsViewT;
export type BulkTemplateType = BulkTemplateTypeT;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Query keys of the bulk loads; invalidating `all` refreshes the history and every load. */
export const bulkKeys = {
  all: ['bulk'] as const,
  list: (filter: unknown) => ['bulk', 'list', filter] as const,
  count: (where: unknown) => ['bulk', 'count', where] as const,
  load: (id: string) => ['bulk', 'load', id] as const,
  errors: (id: string) => ['bulk', 'errors', id] as const,
};

/** The bulk-load calls of spec 000 §7 as the server exposes them under /api. */
export const bulkApi = {
  list: (filter: unknown) => api.get<BulkLoad[]>(`/carga-masiva?filter=${q(filter)}`),
  count: (where: unknown) => api.get<{ count: number }>(`/carga-masiva/count?where=${q(where)}`),
  get: (id: string) => api.get<BulkLoad>(`/carga-masiva/${id}`, { busy: false }),
  errors: (id: string) => api.get<BulkLoadErrors>(`/carga-masiva/errors/${id}`),
  start: (body: { customName: string; country: string; loadType: string; urlFile: string }) =>
    api.post<BulkLoad>('/carga-masiva', body),
  similar: (id: string, restore: string[]) => api.post<BulkLoad>(`/carga-masiva/${id}/similar`, { restore }),
};

function headers(): Record<string, string> {
  const token = tokenStore.read()?.token;
  const h: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

async function failure(res: Response, fallbackKey: string): Promise<ApiError> {
  const e = ((await res.json().catch(() => null)) ?? {}) as {
    statusCode?: number;
    code?: string;
    message?: string;
    field?: string;
  };
  return new ApiError(e.statusCode ?? res.status, e.code ?? 'INTERNAL', e.message ?? i18n.t(fallbackKey), e.field);
}

/**
 * The upload of spec 000 §7: a signed URL of this server first, then a PUT of the file's bytes to it. Answers the
 * urlFile to start the load with; a refused file carries the server's message ('Incorrect file format').
 */
export async function uploadSpreadsheet(file: File): Promise<string> {
  const signed = await api.post<{ url: string; urlFile: string }>('/carga-masiva/upload-url');
  busy.start();
  try {
    const res = await fetch(signed.url, {
      method: 'PUT',
      headers: { ...headers(), 'Content-Type': 'application/octet-stream' },
      body: file,
    });
    if (!res.ok) throw await failure(res, 'bulk:errors.BULK_UPLOAD_FAILED');
    return signed.urlFile;
  } finally {
    busy.done();
  }
}

export const downloadTemplate = (type: BulkTemplateType) =>
  downloadFile(`/carga-masiva/templates/${type}`, `template-${type}.xlsx`);
export const downloadErrors = (id: string) => downloadFile(`/carga-masiva/errors/${id}/xlsx`, 'errors.xlsx');
