import type {
  BulkSendResult,
  FichaFormSummaryT,
  FormTypeT,
  FormViewT,
  OperationFormReasonsT,
  ParticipantFormsT,
  PublicFormViewT,
  PublicSignedResult,
  PublicSignerOptionsT,
  SignerCapacityT,
  VerifyResult,
} from '@regcheck/shared/schemas/forms';
import {
  FORM_PATHS,
  type FormRules,
  type FormTemplateConfigT,
  type FormTemplateView,
  type PUBLIC_IMAGE_KINDS,
  type SigningKeyViewT,
} from '@regcheck/shared/schemas/forms';
import type { z } from 'zod';
import { api, fileForm } from '../../../app/api/client';

export type SignedResult = z.infer<typeof PublicSignedResult>;
export type BulkResult = z.infer<typeof BulkSendResult>;
export type Verification = z.infer<typeof VerifyResult>;
export type ImageKind = (typeof PUBLIC_IMAGE_KINDS)[number];

const RESEND: Record<FormTypeT, string> = {
  formDOF: 'resendDOF',
  formDOFLegal: 'resendDOFLegal',
  formBF: 'resendBF',
  formPep: 'resendPEP',
};

/** The public link's calls: no sign-in (the link's key travels with each). */
const VISITOR = { auth: false } as const;

/** The company's calls on forms. */
export const formsApi = {
  panel: (operationId: string) => api.get<ParticipantFormsT[]>(`/forms/operation/${operationId}`),
  send: (operationId: string, index: number, type: FormTypeT) =>
    api.get<{ sent: boolean; to: string }>(`/consultations/${RESEND[type]}/${operationId}/${index}`),
  review: (id: string, body: { decision: 'accept' | 'renew'; reason?: string }) =>
    api.post<FormViewT>(`/forms/${id}/review`, body),
  deactivate: (type: FormTypeT, id: string, reason: string) =>
    api.patch<FormViewT>(`/${FORM_PATHS[type]}/${id}`, { isActive: false, reason }),
  /** why each participant's form of these operations is required or not (the operations list, the bulk send) */
  reasonsOf: (operationIds: string[]) =>
    api.post<OperationFormReasonsT[]>('/forms/operations/reasons', { operationIds }),
  bulkSend: (consultations: { consultationId: string }[], statuses: string[]) =>
    api.post<BulkResult>('/consultations/bulk-send-forms', { consultations, statuses }),
  get: (type: FormTypeT, id: string) => api.get<FormViewT>(`/${FORM_PATHS[type]}/${id}`),
  async addFile(type: FormTypeT, id: string, file: File) {
    return api.upload<{ name: string; size: number; uploadedAt: string }>(
      `/${FORM_PATHS[type]}/${id}/addfile`,
      fileForm(file),
    );
  },
  downloadSupporting: (type: FormTypeT, id: string, index: number, name: string) =>
    api.download(`/${FORM_PATHS[type]}/${id}/files/${index}`, name),
  summary: (fichaId: string) => api.get<FichaFormSummaryT[]>(`/formularios/entity/ficha/${fichaId}/summary`),
  ofFicha: (fichaId: string) => api.get<FormViewT[]>(`/formularios/entity/ficha/${fichaId}`),
  download: (type: FormTypeT, id: string, which: 'original' | 'signed', name: string) =>
    api.download(`/${FORM_PATHS[type]}/${id}/${which === 'signed' ? 'downloadsigned' : 'downloadfile'}`, name),
};

type TemplateView = z.infer<typeof FormTemplateView>;

export type { TemplateView };
export type Rules = z.infer<typeof FormRules>;
const cq = (companyId: string) => `companyId=${encodeURIComponent(companyId)}`;

/** The company's form settings (templates per country, form rules, signing key); the super administrator names it. */
export const formSettingsApi = {
  countries: () => api.get<{ id: number; code: string; name: string; es: string; pt: string }[]>('/formularios/paises'),
  templates: (companyId: string, country: number) =>
    api.get<TemplateView[]>(`/formularios/template/pais/${country}?${cq(companyId)}`),
  createTemplate: (companyId: string, body: Record<string, unknown>) =>
    api.post<TemplateView>(`/formularios/template?${cq(companyId)}`, body),
  saveTemplate: (companyId: string, id: string, body: Record<string, unknown>) =>
    api.patch<TemplateView>(`/formularios/template/${id}?${cq(companyId)}`, body),
  preview: (companyId: string, body: { country_id: number; form_id: string; preview_configuration: unknown }) =>
    api.post<FormTemplateConfigT>(`/formularios/preview?${cq(companyId)}`, body),
  rules: (companyId: string) => api.get<Rules>(`/companies/form/${companyId}`),
  saveRules: (companyId: string, body: Partial<Rules>) => api.patch<Rules>(`/companies/form/${companyId}`, body),
  signingKey: (companyId: string) => api.get<SigningKeyViewT | null>(`/companies/${companyId}/signing-key`),
  uploadKey: (companyId: string, body: { p12: string; password: string }) =>
    api.put<SigningKeyViewT>(`/companies/${companyId}/signing-key`, body),
  removeKey: (companyId: string) => api.delete<{ removed: boolean }>(`/companies/${companyId}/signing-key`),
};

export interface SignerChoice {
  representativeId?: string;
  name?: string;
  document?: string;
  capacity?: SignerCapacityT;
}

/** The calls of a form's public link (no sign-in; the link's key travels with each). */
export const publicFormsApi = {
  get: (id: string, key: string) => api.get<PublicFormViewT>(`/forms/public/${id}/${encodeURIComponent(key)}`, VISITOR),
  identify: (id: string, key: string, dni: string) =>
    api.post<PublicFormViewT>(`/forms/public/${id}/identify`, { key, dni }, VISITOR),
  fill: (type: FormTypeT, id: string, key: string, data: Record<string, unknown>) =>
    api.post<PublicFormViewT>(`/${FORM_PATHS[type]}/public-filled`, { form: { id, data }, key }, VISITOR),
  async image(id: string, key: string, kind: ImageKind, blob: Blob) {
    const form = fileForm(blob, `${kind}.${blob.type === 'image/png' ? 'png' : 'jpg'}`);
    return api.upload<PublicFormViewT>(
      `/forms/public/${id}/image/${kind}?key=${encodeURIComponent(key)}`,
      form,
      VISITOR,
    );
  },
  signerOptions: (id: string, key: string) =>
    api.get<PublicSignerOptionsT>(`/forms/public/${id}/signer?key=${encodeURIComponent(key)}`, VISITOR),
  /** who signs for the company: a known representative, or a person entered (name, document, capacity) */
  signer: (id: string, key: string, body: SignerChoice) =>
    api.post<PublicFormViewT>(`/forms/public/${id}/signer`, { key, ...body }, VISITOR),
  sign: (type: FormTypeT, id: string, key: string) =>
    api.post<SignedResult>(`/${FORM_PATHS[type]}/public-signed`, { form: { id, signed: true }, key }, VISITOR),
  /** the review step's unsigned PDF, as a blob */
  preview: (id: string, key: string) => api.blob(`/forms/public/${id}/preview?key=${encodeURIComponent(key)}`, VISITOR),
  verify: (file: File) => api.upload<Verification>('/public/verify', fileForm(file), VISITOR),
};
