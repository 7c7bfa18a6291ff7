import type { CoafOperation, CoafQueue, CoafStateT } from '@regcheck/shared/schemas/coaf';
import type { z } from 'zod';
import { api } from '../../../app/api/client';

export type CoafQueueT = z.infer<typeof CoafQueue>;
export type CoafOperationT = z.infer<typeof CoafOperation>;

export const coafApi = {
  queue: (state: CoafStateT, limit: number, skip: number) =>
    api.get<CoafQueueT>(`/informes/coaf?state=${state}&limit=${limit}&skip=${skip}`),
  communicate: (id: string, body: { protocol: string; communicatedOn: string }) =>
    api.post<CoafOperationT>(`/informes/coaf/${id}/communication`, body),
  exportPath: (format: 'csv' | 'xlsx') => `/informes/coaf/export?format=${format}`,
};
