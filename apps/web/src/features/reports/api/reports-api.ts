import { api } from '../../../app/api/client';
import type { NewsItem } from '../../news';

export interface ReportTable {
  key: string;
  heading: string;
  columns: string[];
  rows: string[][];
  empty: string;
}
export interface Report {
  title: string;
  period: string;
  truncated: boolean;
  tables: ReportTable[];
  /** the ROE once its period was filed: whether the period now differs from its last filing */
  differs?: boolean;
  /** the ROE: the company's RUT is not recorded (the UAF file and the filing are refused until it is) */
  companyTaxIdMissing?: boolean;
}
export interface Dashboard {
  from: string;
  to: string;
  risk: { high: number; medium: number; low: number; none: number };
  activity: Record<'operations' | 'roe' | 'ros' | 'closed' | 'fichas' | 'matches' | 'notifications', number>;
  perDay: { day: string; operations: number; fichas: number }[];
  forms: { sent: number; signed: number };
  matchesByList: { listId: string; listName: string; count: number }[];
  /** periodic reviews as of today (asOf, a UTC day), whatever the period */
  reviews: { asOf: string; dueThisMonth: number; overdue: number };
  notifications: {
    id: string;
    title: string;
    description: string;
    fichaId: string | null;
    read: boolean;
    createdAt: string;
  }[];
  news: NewsItem[];
  /** Brazil's COAF communications as of today (null for another country): issue 23, point 3 */
  coaf: {
    due: number;
    late: number;
    communicated: number;
    /** cash operations in another currency than BRL, not compared with the COAF threshold (decision 158) */
    unchecked: number;
    nonOccurrence: { year: number; due: string } | null;
  } | null;
}

/** The reports an export can hold (reports.exports.ts) and the label key of each. */
export const EXPORT_REPORTS = [
  'summary',
  'forms',
  'fichas',
  'lists',
  'validator',
  'complianceOfficer',
  'conflictOfInterest',
  'finalBeneficiaries',
  'roeUaf',
] as const;
export type ExportReport = (typeof EXPORT_REPORTS)[number];

export interface ReportExport {
  id: string;
  report: ExportReport;
  /** what the report was asked with besides its period; `flow`: started by a report flow */
  options?: {
    formType?: string;
    allowFilled?: boolean;
    personType?: string;
    risk?: string;
    flow?: string;
  };
  from: string | null;
  to: string | null;
  status: 'queued' | 'running' | 'ready' | 'failed';
  progress: number;
  rows: number | null;
  size: number | null;
  error: string | null;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
  downloadUrl: string | null;
}

/** The report paths of the server (reports.routes.ts); `format` json answers the tables shown on screen. */
export const reportPaths = {
  summary: (companyId: string, from: string, to: string) => `/informes/resumen/${companyId}/${from}/${to}`,
  lists: (companyId: string, from: string, to: string) => `/informes/listas/${companyId}/${from}/${to}`,
  validator: (companyId: string, from: string, to: string) => `/informes/validadorcpfcnpj/${companyId}/${from}/${to}`,
  complianceOfficer: (companyId: string, from: string, to: string) =>
    `/informes/oficial-cumplimiento/${companyId}/${from}/${to}`,
  conflictOfInterest: (companyId: string, from: string, to: string) =>
    `/informes/conflicto-interes/${companyId}/${from}/${to}`,
  beneficiaries: () => '/informes/final-beneficiaries',
  roeUaf: (from: string, to: string) => `/informes/roe-uaf?from=${from}&to=${to}`,
};

const withFormat = (path: string, format: string) => `${path}${path.includes('?') ? '&' : '?'}format=${format}`;

export const reportsApi = {
  dashboard: (from: string, to: string) => api.get<Dashboard>(`/home-dashboard?from=${from}&to=${to}`),
  report: (path: string) => api.get<Report>(path),
  fileOf: withFormat,
  trends: () =>
    api.get<
      {
        month: string;
        searches: number;
        searchMatches: number;
        fichas: number;
        fichaMatches: number;
        highRisk: number;
      }[]
    >('/analytics/trends'),
  exports: (limit: number, skip: number) =>
    api.get<ReportExport[]>(`/informes/exports?filter=${encodeURIComponent(JSON.stringify({ limit, skip }))}`),
  exportsCount: () => api.get<{ count: number }>('/informes/exports/count'),
  startExport: (body: { report: ExportReport; from?: string; to?: string; options?: Record<string, unknown> }) =>
    api.post<ReportExport>('/informes/exports', body),
  news: () => api.get<NewsItem[]>(`/homeNews?filter=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`),
};
