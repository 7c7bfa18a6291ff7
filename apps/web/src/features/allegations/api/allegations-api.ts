import type {
  AllAggregatesView,
  AllegationDetailView,
  AllegationListFilter,
  AllegationListView,
  AllegationSettingsView,
  AssignableUserView,
  ChannelStatusView,
  PublicAllegationView,
  PublicChannelView,
  PublicMessagesView,
} from '@regcheck/shared/schemas/allegations';
import type { z } from 'zod';
import { api } from '../../../app/api/client';
import { solveProofOfWork } from '../../auth';

export type Channel = z.infer<typeof PublicChannelView>;
export type ChannelStatus = z.infer<typeof ChannelStatusView>;
export type PublicReport = z.infer<typeof PublicAllegationView>;
export type PublicMessages = z.infer<typeof PublicMessagesView>;
export type AllegationList = z.infer<typeof AllegationListView>;
export type AllegationDetail = z.infer<typeof AllegationDetailView>;
export type AssignableUser = z.infer<typeof AssignableUserView>;
export type Settings = z.infer<typeof AllegationSettingsView>;
export type Aggregates = z.infer<typeof AllAggregatesView>;
export type ListFilter = Partial<z.input<typeof AllegationListFilter>>;

export interface Credentials {
  companyId: string;
  id_denuncia: string;
  pin: string;
}

/** The public channel's calls: a visitor, not signed in (no token, and a 403 stays on the page). */
const VISITOR = { auth: false, redirectOn403: false } as const;

/**
 * A solved proof-of-work token from the channel's own challenge (GET /denuncia-public/challenge): with the report's
 * company and id it is as hard as the next call on that id needs (harder after repeated wrong pins elsewhere).
 */
async function challenge(report?: { companyId: string; id_denuncia: string }) {
  const q = report
    ? `?companyId=${encodeURIComponent(report.companyId)}&id_denuncia=${encodeURIComponent(report.id_denuncia)}`
    : '';
  const c = await api.get<{ challenge: string; difficulty: number }>(`/denuncia-public/challenge${q}`, {
    auth: false,
    redirectOn403: false,
  });
  return solveProofOfWork(c.challenge, c.difficulty);
}

function multipart(data: unknown, files: File[]) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const f of files) form.append('files', f, f.name);
  return form;
}

export interface FilingInput {
  companyId: string;
  category: string;
  description: string;
  occurredWhen: string;
  occurredWhere: string;
  involved: string;
  anonymous: boolean;
  reporterName: string;
  reporterEmail: string;
  reporterPhone: string;
  relationship: string;
}

/** The calls of the public channel pages (visitors, not signed in). */
export const publicAllegationsApi = {
  channel: (companyId: string) => api.get<Channel>(`/denuncia-public/channel/${companyId}`, VISITOR),
  async file(input: FilingInput, files: File[]) {
    const captcha = await challenge();
    return api.upload<{ id_denuncia: string; pin: string }>(
      '/denuncia-public',
      multipart({ ...input, captcha }, files),
      VISITOR,
    );
  },
  async detail(c: Credentials) {
    const captcha = await challenge(c);
    return api.post<PublicReport>('/denuncia-public/detail', { ...c, captcha }, VISITOR);
  },
  async reply(c: Credentials, message: string, files: File[]) {
    const captcha = await challenge(c);
    const data = { companyId: c.companyId, denunciaId: c.id_denuncia, pin: c.pin, message, captcha };
    return api.upload<PublicMessages>('/chat-denuncias-public', multipart(data, files), VISITOR);
  },
  async downloadFile(c: Credentials, fileId: string, name: string) {
    const captcha = await challenge(c);
    await api.download(`/denuncia-public/files/${fileId}`, name, {
      ...VISITOR,
      method: 'POST',
      body: { ...c, captcha },
    });
  },
};

export const allegationsApi = {
  /** Whether the signed-in user's company channel takes reports (the sidebar's link; not the public route). */
  channelStatus: () => api.get<ChannelStatus>('/denuncia-channel', { redirectOn403: false }),
  list: (filter: ListFilter) =>
    api.get<AllegationList>(`/denuncia?filter=${encodeURIComponent(JSON.stringify(filter))}`),
  count: (where: Omit<ListFilter, 'limit' | 'skip'>) =>
    api.get<{ count: number }>(`/denuncia/count?where=${encodeURIComponent(JSON.stringify(where))}`),
  get: (id: string) => api.get<AllegationDetail>(`/denuncia/${id}`),
  patch: (id: string, body: { status?: string; reason?: string; category?: string }) =>
    api.patch<AllegationDetail>(`/denuncia/${id}`, body),
  assign: (denunciaId: string, userId: string | null) =>
    api.post<AllegationDetail>('/denuncia-assign', { denunciaId, userId }),
  /** A message to the reporter or an internal note; with files it goes as multipart (`data` + `files`). */
  async post(id: string, kind: 'messages' | 'notes', message: string, files: File[] = []) {
    if (files.length === 0) return api.post<AllegationDetail>(`/denuncia/${id}/${kind}`, { message });
    return api.upload<AllegationDetail>(`/denuncia/${id}/${kind}`, multipart({ message }, files));
  },
  assignable: (companyId: string) => api.get<AssignableUser[]>(`/users/denounces/${companyId}`),
  settings: () => api.get<Settings>('/denuncia-settings'),
  saveSettings: (body: Settings) => api.put<Settings>('/denuncia-settings', body),
  aggregates: (companyId: string, init: string, end: string) =>
    api.get<Aggregates>(`/informes/denuncias/${companyId}/all?init=${init}&end=${end}`),
  downloadFile: (id: string, fileId: string, name: string) => api.download(`/denuncia/${id}/files/${fileId}`, name),
  exportList: (filter: ListFilter) =>
    api.download(`/denuncia/export?filter=${encodeURIComponent(JSON.stringify(filter))}`, 'denuncias.xlsx'),
};
