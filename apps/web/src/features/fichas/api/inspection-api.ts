import { api } from '../../../app/api/client';

/** An inspector's file of a ficha (issue 28; inspection.routes.ts): its job's progress and, once ready, its zip. */
export interface InspectionFile {
  id: string;
  kind: 'customer' | 'period';
  fichaId: string | null;
  /** a period pack's range (YYYY-MM-DD); null for a customer's file */
  from: string | null;
  to: string | null;
  status: 'queued' | 'running' | 'ready' | 'failed';
  progress: number;
  size: number | null;
  fileName: string | null;
  error: string | null;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
  downloadUrl: string | null;
}

export const inspectionApi = {
  files: (fichaId: string) => api.get<InspectionFile[]>(`/fichas-clientes/${fichaId}/inspection-files`),
  start: (fichaId: string) => api.post<InspectionFile>(`/fichas-clientes/${fichaId}/inspection-file`, {}),
};

/** The period pack (issue 28, point 2): administrators and the auditor. */
export const packApi = {
  list: () => api.get<InspectionFile[]>('/inspection/packs'),
  start: (from: string, to: string) => api.post<InspectionFile>('/inspection/packs', { from, to }),
};
