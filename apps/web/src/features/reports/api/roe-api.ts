import type { RoeSummary } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import { api } from '../../../app/api/client';

/** The ROE of a period in figures: reportable operations, the deleted ones among them, the cash pending a rate. */
export type RoeSummaryT = z.infer<typeof RoeSummary>;

/** A ROE filing (reports.roe-filings.routes.ts): immutable once made. */
export interface RoeFiling {
  id: string;
  from: string;
  to: string;
  thresholdUsd: number;
  negative: boolean;
  operationCount: number;
  fileName: string;
  sha256: string;
  size: number;
  rates: { divisa: string; day: string; rateDate: string; perUsd: number; source: string }[];
  filedBy: { id: string; name: string };
  filedAt: string;
}

const period = (from: string, to: string) => `from=${from}&to=${to}`;

export const roeApi = {
  summary: (from: string, to: string) => api.get<RoeSummaryT>(`/consultations/roe?${period(from, to)}`),
  filings: (from: string, to: string) => api.get<RoeFiling[]>(`/informes/roe-uaf/filings?${period(from, to)}`),
  file: (from: string, to: string) => api.post<RoeFiling>('/informes/roe-uaf/filings', { from, to }),
  filingFilePath: (id: string) => `/informes/roe-uaf/filings/${id}/file`,
};
