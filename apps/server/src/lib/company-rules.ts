import { fileConfigOf, operationTagsEnabled } from '@regcheck/shared';
import { AppError } from './errors';
import { imageType, MAX_PDF_BYTES, type PdfProblem, pdfProblem } from './uploads';

/*
 * The rules the super administrator sets per company (companyConfig) that other modules enforce: the document
 * uploads of fichas and operations (size and types, by content) and whether operations carry tags.
 */

export type DocumentKind = 'pdf' | 'jpg' | 'png';

const companyRuleError = (
  code: 'UPLOAD_TYPE_NOT_ALLOWED' | 'UPLOAD_TOO_LARGE' | 'OPERATION_TAGS_DISABLED',
  field: string,
  params?: Record<string, unknown>,
) => new AppError(code, { field, params, messageKey: `companyConfig:errors.${code}` });

/**
 * Checks an uploaded document against the company's file rules (settings.fileConfig: 25 MB and PDF only unless it
 * says otherwise), by content: a PDF is one pdf-lib reads (not encrypted), an image a PNG or JPEG signature. The
 * problems of the default rules keep the feature's own messages (`featureError`); a company's narrower limit or
 * wider list of types answers its own message. Answers the document's kind.
 */
export async function checkCompanyDocument(
  bytes: Buffer,
  companySettings: unknown,
  featureError: (problem: PdfProblem) => AppError,
  field = 'file',
): Promise<DocumentKind> {
  const rules = fileConfigOf(companySettings);
  const maxBytes = rules.maxDocumentMb * 1024 * 1024;
  if (bytes.length === 0) throw featureError('FILE_REQUIRED');
  if (bytes.length > maxBytes) {
    if (maxBytes >= MAX_PDF_BYTES) throw featureError('FILE_TOO_LARGE');
    throw companyRuleError('UPLOAD_TOO_LARGE', field, { mb: rules.maxDocumentMb });
  }
  const image = imageType(bytes);
  const kind: DocumentKind | null = bytes.subarray(0, 1024).toString('latin1').includes('%PDF-')
    ? 'pdf'
    : image === 'png' || image === 'jpg'
      ? image
      : null;
  const onlyPdf = rules.documentTypes.length === 1 && rules.documentTypes[0] === 'pdf';
  if (!kind || !rules.documentTypes.includes(kind)) {
    if (onlyPdf || !kind) throw featureError('FILE_FORMAT');
    throw companyRuleError('UPLOAD_TYPE_NOT_ALLOWED', field, {
      types: rules.documentTypes.map((t) => t.toUpperCase()).join(', '),
    });
  }
  if (kind === 'pdf') {
    const problem = await pdfProblem(bytes, maxBytes);
    if (problem) throw featureError(problem);
  }
  return kind;
}

/** The content type to serve a stored document with, by its content. */
export function documentMime(bytes: Buffer): string {
  const image = imageType(bytes);
  if (image === 'png') return 'image/png';
  if (image === 'jpg') return 'image/jpeg';
  return 'application/pdf';
}

/**
 * Refuses new tags on an operation when the company switched operation tags off (settings.tags.operation.enabled);
 * the tags an operation already carries may stay as they are.
 */
export function checkOperationTags(
  companySettings: unknown,
  tags: { name: string }[],
  before: { name: string }[] = [],
) {
  if (operationTagsEnabled(companySettings)) return;
  const had = new Set(before.map((t) => t.name));
  if (tags.some((t) => !had.has(t.name))) throw companyRuleError('OPERATION_TAGS_DISABLED', 'tags');
}
