import { isValidEmail } from '@regcheck/shared/format/email';
import { MAX_UPLOAD_PDF_BYTES } from '../../../app/ui/PdfDropzone';
import type { FilingInput } from '../api/allegations-api';

/** The filing form: what is filed (the company comes from the address) and the files. */
export type FilingValues = Omit<FilingInput, 'companyId'> & { files: File[] };

export const MAX_FILES = 5;
/** The same 25 MB as every upload (PDF or image). */
export const MAX_FILE_BYTES = MAX_UPLOAD_PDF_BYTES;
/** what the channel takes (the server checks the content): PDF and images */
export const FILE_ACCEPT = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const MAX_DESCRIPTION = 20_000;

export function toFormValues(): FilingValues {
  return {
    category: '',
    description: '',
    occurredWhen: '',
    occurredWhere: '',
    involved: '',
    anonymous: true,
    reporterName: '',
    reporterEmail: '',
    reporterPhone: '',
    relationship: '',
    files: [],
  };
}

/** The errors of the form as translation keys of the `allegations` namespace, by field. */
export function validate(v: FilingValues): Partial<Record<keyof FilingValues, string>> {
  const e: Partial<Record<keyof FilingValues, string>> = {};
  if (!v.category) e.category = 'file.errors.category';
  if (!v.description.trim()) e.description = 'file.errors.description';
  else if (v.description.length > MAX_DESCRIPTION) e.description = 'file.errors.descriptionLong';
  if (!v.relationship) e.relationship = 'file.errors.relationship';
  if (!v.anonymous) {
    if (!v.reporterName.trim()) e.reporterName = 'file.errors.name';
    if (!v.reporterEmail.trim() && !v.reporterPhone.trim()) e.reporterEmail = 'file.errors.contact';
    else if (v.reporterEmail.trim() && !isValidEmail(v.reporterEmail)) e.reporterEmail = 'file.errors.email';
  }
  if (v.files.length > MAX_FILES) e.files = 'file.errors.tooManyFiles';
  else if (v.files.some((f) => f.size > MAX_FILE_BYTES)) e.files = 'file.errors.fileTooLarge';
  return e;
}

export function toPayload(companyId: string, v: FilingValues): FilingInput {
  const identified = !v.anonymous;
  return {
    companyId,
    category: v.category,
    description: v.description.trim(),
    occurredWhen: v.occurredWhen.trim(),
    occurredWhere: v.occurredWhere.trim(),
    involved: v.involved.trim(),
    anonymous: v.anonymous,
    reporterName: identified ? v.reporterName.trim() : '',
    reporterEmail: identified ? v.reporterEmail.trim() : '',
    reporterPhone: identified ? v.reporterPhone.trim() : '',
    relationship: v.relationship,
  };
}
