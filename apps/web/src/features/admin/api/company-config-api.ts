import type {
  BusinessRules,
  CommercialActivityView,
  CompanySignatureView,
  FileConfig,
  ListControl,
  ListControlView,
  SsoConfigBody,
  SsoConfigView,
} from '@regcheck/shared/schemas/company-admin';
import type { TagView } from '@regcheck/shared/schemas/fichas';
import type { z } from 'zod';
import { api, fileForm } from '../../../app/api/client';
import type { Company } from './admin-api';

export type BusinessRulesT = z.infer<typeof BusinessRules>;
export type FileConfigT = z.infer<typeof FileConfig>;
export type ListControlRow = z.infer<typeof ListControlView>;
export type ListControlT = z.infer<typeof ListControl>;
export type SsoConfig = z.infer<typeof SsoConfigView>;
export type SsoBody = z.infer<typeof SsoConfigBody>;
export type Signature = z.infer<typeof CompanySignatureView>;
export type CommercialActivity = z.infer<typeof CommercialActivityView>;
export type CompanyTag = z.infer<typeof TagView> & { records: number };

const c = (id: string) => `/companies/${encodeURIComponent(id)}`;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The super administrator's company tabs (issue 13). */
export const companyConfigApi = {
  companyWithActivity: (id: string) => api.get<Company>(`${c(id)}?filter=${q({ include: ['commercialActivity'] })}`),
  activities: () => api.get<CommercialActivity[]>(`/commercial-activities?filter=${q({ limit: 200 })}`),
  businessRules: (id: string) => api.get<BusinessRulesT>(`${c(id)}/business-rules`),
  saveBusinessRules: (id: string, body: Partial<BusinessRulesT>) =>
    api.patch<BusinessRulesT>(`${c(id)}/business-rules`, body),
  fileConfig: (id: string) => api.get<FileConfigT>(`${c(id)}/file-config`),
  saveFileConfig: (id: string, body: FileConfigT) => api.put<FileConfigT>(`${c(id)}/file-config`, body),
  tagsConfig: (id: string) => api.get<{ operationTagsEnabled: boolean }>(`${c(id)}/tags-config`),
  saveTagsConfig: (id: string, operationTagsEnabled: boolean) =>
    api.put<{ operationTagsEnabled: boolean }>(`${c(id)}/tags-config`, { operationTagsEnabled }),
  tags: (id: string) => api.get<CompanyTag[]>(`${c(id)}/tags`),
  addTag: (id: string, body: { name: string; appliesTo: 'fichas' | 'operations' }) =>
    api.post<CompanyTag>(`${c(id)}/tags`, body),
  changeTag: (id: string, tagId: string, body: { name?: string; active?: boolean }) =>
    api.patch<CompanyTag>(`${c(id)}/tags/${encodeURIComponent(tagId)}`, body),
  deleteTag: (tagId: string) => api.delete<{ ok: true }>(`/tags/${encodeURIComponent(tagId)}`),
  listControls: (id: string) => api.get<ListControlRow[]>(`${c(id)}/list-controls`),
  saveListControl: (id: string, listId: string, control: ListControlT | null) =>
    api.put<ListControlRow>(`${c(id)}/list-controls/${encodeURIComponent(listId)}`, { control }),
  sso: (id: string) => api.get<SsoConfig>(`${c(id)}/sso`),
  saveSso: (id: string, body: SsoBody) => api.put<SsoConfig>(`${c(id)}/sso`, body),
  removeSso: (id: string) => api.delete<SsoConfig>(`${c(id)}/sso`),
  signatures: (id: string) => api.get<Signature[]>(`${c(id)}/signatures`),
  /** Multipart: the fields first, then the PNG or JPG image (2 MB). */
  async addSignature(id: string, body: { signerName: string; signerTitle: string }, file: File) {
    const form = fileForm(file, file.name, { signerName: body.signerName, signerTitle: body.signerTitle });
    return api.upload<Signature>(`${c(id)}/signatures`, form);
  },
  changeSignature: (id: string, sid: string, body: Partial<Pick<Signature, 'signerName' | 'signerTitle' | 'active'>>) =>
    api.patch<Signature>(`${c(id)}/signatures/${encodeURIComponent(sid)}`, body),
  deleteSignature: (id: string, sid: string) =>
    api.delete<Signature[]>(`${c(id)}/signatures/${encodeURIComponent(sid)}`),
  async signatureImageUrl(id: string, sid: string) {
    return URL.createObjectURL(await api.blob(`${c(id)}/signatures/${encodeURIComponent(sid)}/image`));
  },
};
