import type { BacenReportView } from '@regcheck/shared/schemas/bacen';
import type { Page } from '@regcheck/shared/schemas/common';
import { api } from '../../../app/api/client';

export interface BacenVersion {
  version: number;
  data: Record<string, unknown>;
  reason: string;
  changedBy: string | null;
  changedByName: string | null;
  changedAt: string;
}
export type BacenReportDetail = BacenReportView & { versions: BacenVersion[] };
export interface BacenDeclaration {
  month: string;
  dueDate: string;
  declaredAt: string | null;
  overdue: boolean;
}

/** Bacen fraud-indication records (Brazil): every read is traced by the server. */
export const bacenApi = {
  list: (companyId: string, p: { limit: number; skip: number; deleted: boolean; fichaId?: string }) =>
    api.get<Page<BacenReportView>>(
      `/bacen-reports/${companyId}?limit=${p.limit}&skip=${p.skip}&deleted=${p.deleted}${p.fichaId ? `&fichaId=${p.fichaId}` : ''}`,
    ),
  get: (companyId: string, id: string) => api.get<BacenReportDetail>(`/bacen-reports/${companyId}/${id}`),
  create: (body: unknown) => api.post<BacenReportView>('/bacen-reports', body),
  update: (id: string, body: unknown) => api.put<BacenReportView>(`/bacen-reports/${id}`, body),
  remove: (id: string, deletedReason: string) => api.patch<BacenReportView>(`/bacen-reports/${id}`, { deletedReason }),
  declaration: () => api.get<BacenDeclaration>('/bacen-declarations/current'),
  declare: () => api.post<BacenDeclaration>('/bacen-declarations', {}),
};
