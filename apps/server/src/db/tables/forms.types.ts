import type { FormTemplateConfigT, FormTypeT } from '@regcheck/shared/schemas/forms';

export type FormType = FormTypeT;
export type FormTemplateConfig = FormTemplateConfigT;

/** A supporting document of a form (addfile). */
export interface StoredFormFile {
  name: string;
  key: string;
  size: number;
  uploadedAt: string;
}

/** One step of the signing flow, for the audit page of the signed PDF. */
export interface FormStep {
  step: 'sent' | 'opened' | 'identified' | 'filled' | 'signer' | 'photo' | 'idPhoto' | 'signature' | 'signed';
  at: string;
  ip: string | null;
  userAgent: string | null;
  linkId: string | null;
}
