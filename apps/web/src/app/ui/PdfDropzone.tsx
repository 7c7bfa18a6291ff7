import { PDF_MIME_TYPE } from '@mantine/dropzone';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from './FileDrop';

/** 25 MB: the PDF limit of every upload (spec 001, files). */
export const MAX_UPLOAD_PDF_BYTES = 25 * 1024 * 1024;

/** The drop zone for a PDF (or the company's document rules): FileDrop with the PDF texts and limits. */
export function PdfDropzone({
  onFile,
  loading,
  testId,
  rules,
}: {
  onFile: (file: File) => void;
  loading?: boolean;
  testId?: string;
  /** the company's document rules when they differ from PDF up to 25 MB (useDocumentRules) */
  rules?: { accept: string[]; maxBytes: number; pdfOnly: boolean; limits: string | null };
}) {
  const { t } = useTranslation('common');
  return (
    <FileDrop
      onFile={onFile}
      multiple
      accept={rules?.accept ?? PDF_MIME_TYPE}
      maxBytes={rules?.maxBytes ?? MAX_UPLOAD_PDF_BYTES}
      title={rules && !rules.pdfOnly ? t('companyConfig:files.dropAny') : t('common:dropzone.drop')}
      hint={rules?.limits ?? t('common:dropzone.limits')}
      icon={<IconFileTypePdf size={32} />}
      loading={loading}
      testId={testId ?? 'pdf-dropzone'}
    />
  );
}
