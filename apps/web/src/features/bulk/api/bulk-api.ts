import type { BulkLoadErrorsViewT, BulkLoadViewT, BulkTemplateTypeT } from '@regcheck/shared/schemas/bulk-loads';
import { api } from '../../../app/api/client';
import { i18n } from '../../../app/i18n/i18n';

export type BulkLoad = BulkLoadViewT;
export type BulkLoadErrors = BulkLoadErrorsViewT;
export type BulkTemplateType = BulkTemplateTypeT;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

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

/**
 * The upload of spec 000 §7: a signed URL of this server first, then a PUT of the file's bytes to it. Answers the
 * urlFile to start the load with; a refused file carries the server's message ('Incorrect file format').
 */
export async function uploadSpreadsheet(
  file: File,
  onProgress?: (sent: number, total: number) => void,
): Promise<string> {
  const signed = await api.post<{ url: string; urlFile: string }>('/carga-masiva/upload-url');
  await api.upload(signed.url, file, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/octet-stream' },
    fallbackMessage: i18n.t('bulk:errors.BULK_UPLOAD_FAILED'),
    onProgress,
  });
  return signed.urlFile;
}

export const downloadTemplate = (type: BulkTemplateType) =>
  api.download(`/carga-masiva/templates/${type}`, `template-${type}.xlsx`);
export const downloadErrors = (id: string) => api.download(`/carga-masiva/errors/${id}/xlsx`, 'errors.xlsx');
