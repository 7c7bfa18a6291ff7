import type { FormFindingT, FormSignerT, FormSubjectT } from '@regcheck/shared/schemas/forms';
import type { Generated, Selectable } from 'kysely';
import type { Json, NullableTimestamp } from '../schema';
import type { FormStep, FormTemplateConfig, FormType, StoredFormFile } from './forms.types';

export interface FormTemplatesTable {
  id: Generated<string>;
  companyId: string;
  nombre: string;
  configuracion: Json<FormTemplateConfig | Record<string, never>>;
  idPais: Generated<number>;
  formType: FormType | null;
  isActive: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface FormsTable {
  id: Generated<string>;
  companyId: string;
  type: FormType;
  operationId: string | null;
  associateIndex: number | null;
  fichaId: string | null;
  dni: string;
  name: string;
  email: string | null;
  language: string;
  status: Generated<'required' | 'sent' | 'opened' | 'filled' | 'signed'>;
  isActive: Generated<boolean>;
  template: Json<FormTemplateConfig>;
  data: Json<Record<string, unknown>>;
  files: Json<StoredFormFile[]>;
  photoKey: string | null;
  idPhotoKey: string | null;
  signatureKey: string | null;
  originalKey: string | null;
  signedKey: string | null;
  contentSha256: string | null;
  signedSha256: string | null;
  /** SHA-256 (hex) of the DER certificate the signed PDF was signed with */
  signerFingerprint: string | null;
  /** the e-mail of the last send: its outbox row, delivered or refused, and the status before that send */
  lastOutboxId: string | null;
  sendState: 'queued' | 'delivered' | 'failed' | null;
  sendError: string | null;
  statusBeforeSend: string | null;
  steps: Json<FormStep[]>;
  /** what it declares (issue 25 point 2): the operation, the company and its known owners, the pre-filled keys */
  subject: Json<FormSubjectT> | null;
  /** the natural person who signs for a company (name, document, capacity, where it came from) */
  signer: Json<FormSignerT> | null;
  /** the differences between the signed answers and the file, found at signing */
  findings: Json<FormFindingT[]> | null;
  /** the officer's review of the signed declaration: accepted, or a new one asked with a reason */
  reviewStatus: 'accepted' | 'renewalRequested' | null;
  reviewReason: string | null;
  reviewedBy: string | null;
  reviewedByName: string | null;
  reviewedAt: NullableTimestamp;
  lastSentAt: NullableTimestamp;
  openedAt: NullableTimestamp;
  filledAt: NullableTimestamp;
  signedAt: NullableTimestamp;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface FormLinksTable {
  id: Generated<string>;
  companyId: string;
  formId: string;
  tokenHash: string;
  expiresAt: Date;
  revokedAt: NullableTimestamp;
  createdBy: string | null;
  createdAt: Generated<Date>;
  lastUsedAt: NullableTimestamp;
  /** wrong document numbers typed on this link (identify); the fifth locks it */
  failedAttempts: Generated<number>;
  lockedAt: NullableTimestamp;
}

export interface FormRulesTable {
  companyId: string;
  dofThreshold: Generated<number | string>;
  updateWindowDays: Generated<number>;
  bfForLegal: Generated<boolean>;
  pepForPeps: Generated<boolean>;
  dofCurrency: 'USD' | 'CLP' | 'UF' | 'BRL' | null;
  updatedAt: Generated<Date>;
}

export interface CompanySigningKeysTable {
  companyId: string;
  p12: Buffer;
  passphraseSealed: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  fingerprint: string;
  notBefore: Date;
  notAfter: Date;
  uploadedBy: string | null;
  uploadedAt: Generated<Date>;
}

export interface GlosaFormulariosTable {
  id: Generated<string>;
  companyId: string;
  clave: string;
  titulo: string;
  texto: string;
  formType: FormType | null;
  idPais: number | null;
  isActive: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export type FormRow = Selectable<FormsTable>;
export type FormTemplateRow = Selectable<FormTemplatesTable>;
export type FormLinkRow = Selectable<FormLinksTable>;
export type GlosaRow = Selectable<GlosaFormulariosTable>;
export type CompanySigningKeyRow = Selectable<CompanySigningKeysTable>;

export interface FormsTables {
  formTemplates: FormTemplatesTable;
  forms: FormsTable;
  formLinks: FormLinksTable;
  formRules: FormRulesTable;
  companySigningKeys: CompanySigningKeysTable;
  glosaFormularios: GlosaFormulariosTable;
}
