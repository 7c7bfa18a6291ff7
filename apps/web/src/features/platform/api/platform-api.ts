import type { ListEntryDetailT } from '@regcheck/shared/schemas/dismissals';
import type {
  ListSourceView,
  ListVersionView,
  PublicListEntry,
  PublicListEntryBody,
} from '@regcheck/shared/schemas/lists';
import type {
  PepImportLineView,
  PepImportView,
  PersonCreateBody,
  PersonUpdateBody,
  PersonView,
} from '@regcheck/shared/schemas/people';
import type {
  MonitoringParametersT,
  MonitoringRunViewT,
  MonitoringSettingsT,
  VigilanciaRowT,
} from '@regcheck/shared/schemas/watch';
import type { z } from 'zod';
import { api, fileForm } from '../../../app/api/client';

export type Person = PersonView;
export type PersonBody = PersonCreateBody;
export type PersonPatch = PersonUpdateBody;
export type PepImport = PepImportView;
export type PepImportLine = PepImportLineView;
export type ListSource = z.infer<typeof ListSourceView>;
export type ListVersion = z.infer<typeof ListVersionView>;
export type ListEntry = z.infer<typeof PublicListEntry>;
export type ListEntryBody = z.infer<typeof PublicListEntryBody>;
export type ListEntryDetail = ListEntryDetailT;
export type MonitoringRun = MonitoringRunViewT;
export type MonitoringSettings = MonitoringSettingsT;
export type MonitoringParameters = MonitoringParametersT;
export type VigilanciaRow = VigilanciaRowT;
export type VigilanciaKind = 'new' | 'expiring' | 'changed';
export interface Page<T> {
  count: number;
  data: T[];
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const e = encodeURIComponent;

/** Query keys of the super administrator's and the watcher's screens. */

const upload = <T>(path: string, file: File) => api.upload<T>(path, fileForm(file));

/** The PEP register's calls (001 §7 People) and its imports of the Brazil PEP list. */
export const peopleApi = {
  list: (where: unknown, order: string, limit: number, skip: number) =>
    api.get<Person[]>(`/people?filter=${q({ where, order, limit, skip })}`),
  count: (where: unknown) => api.get<{ count: number }>(`/people/count?where=${q(where)}`),
  get: (id: string) => api.get<Person>(`/people/${e(id)}`),
  create: (body: PersonBody) => api.post<Person>('/people', body),
  update: (id: string, body: PersonPatch) => api.patch<Person>(`/people/${e(id)}`, body),
  deactivate: (id: string) => api.patch<Person>(`/people/deactivate-pep/${e(id)}`),
  uploadFile: (id: string, file: File) => upload<Person>(`/people/${e(id)}/upload-files`, file),
  downloadFile: (url: string, name: string) => api.download(url, name),
  importFile: (file: File) => upload<PepImport>('/people/import', file),
  imports: (limit: number, skip: number) => api.get<Page<PepImport>>(`/people/imports?limit=${limit}&skip=${skip}`),
  importOne: (id: string) => api.get<PepImport>(`/people/imports/${e(id)}`),
  importLines: (id: string, status: string, limit: number, skip: number) =>
    api.get<Page<PepImportLine>>(
      `/people/imports/${e(id)}/lines?limit=${limit}&skip=${skip}${status ? `&status=${e(status)}` : ''}`,
    ),
};

/** The screening lists, their versions and entries, and the public lists' entries (super administrator). */
export const listsApi = {
  sources: () => api.get<ListSource[]>(`/lists?filter=${q({ limit: 100, order: 'name asc' })}`),
  source: (id: string) => api.get<ListSource>(`/lists/${e(id)}`),
  update: (id: string, body: { fetchEnabled?: boolean; sourceUrl?: string | null }) =>
    api.patch<ListSource>(`/lists/${e(id)}`, body),
  versions: (id: string) => api.get<ListVersion[]>(`/lists/${e(id)}/versions`),
  version: (id: string, versionId: number) => api.get<ListVersion>(`/lists/${e(id)}/versions/${versionId}`),
  importFile: (id: string, body: { content: string; encoding: 'base64'; format?: string; label?: string }) =>
    api.post<{ version: ListVersion; jobId: string | null }>(`/lists/${e(id)}/import`, body),
  entries: (id: string, where: unknown, limit: number, skip: number) =>
    api.get<ListEntry[]>(`/lists/${e(id)}/entries?filter=${q({ where, order: 'name asc', limit, skip })}`),
  entriesCount: (id: string, where: unknown) =>
    api.get<{ count: number }>(`/lists/${e(id)}/entries/count?where=${q(where)}`),
  entry: (id: string, entityId: string) => api.get<ListEntryDetail>(`/lists/${e(id)}/entries/${e(entityId)}`),
  createEntry: (listId: string, body: ListEntryBody) => api.post<ListEntry>(`/${e(listId)}`, body),
  updateEntry: (listId: string, id: string, body: Partial<ListEntryBody>) =>
    api.patch<ListEntry>(`/${e(listId)}/${e(id)}`, body),
  deleteEntry: (listId: string, id: string) => api.delete<{ count: number }>(`/${e(listId)}/${e(id)}`),
};

/** The platform's monitoring page. */
export const monitoringApi = {
  settings: () => api.get<MonitoringSettings>('/monitoring/settings'),
  saveSettings: (monitoringDay: number) => api.put<MonitoringSettings>('/monitoring/settings', { monitoringDay }),
  runs: (limit: number, skip: number) => api.get<Page<MonitoringRun>>(`/monitoring/runs?limit=${limit}&skip=${skip}`),
  runNow: () => api.post<{ jobId: string | null; alreadyQueued: boolean; companies: number }>('/monitoring/runs'),
  parameters: () => api.get<MonitoringParameters>('/monitoring/parameters'),
};

/** The watcher's PEP monitoring across companies. */
export const vigilanciaApi = {
  peps: (kind: VigilanciaKind, days: number, country: string, limit: number, skip: number) =>
    api.get<Page<VigilanciaRow> & { from: string; to: string }>(
      `/vigilancia/peps?kind=${kind}&days=${days}&limit=${limit}&skip=${skip}${country ? `&country=${country}` : ''}`,
    ),
  summary: () =>
    api.get<{ newPeps: number; expiring: number; changed: number; inRegister: number }>('/vigilancia/summary'),
};
