import { Alert, Group, Stack, Text } from '@mantine/core';
import { Dropzone, PDF_MIME_TYPE } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 25 MB: the PDF limit of every upload (spec 001, files). */
export const MAX_UPLOAD_PDF_BYTES = 25 * 1024 * 1024;

/**
 * The one styled drop zone for a PDF (never the browser's "Choose File / No file chosen"): drag or click, one file
 * per drop, a translated error for a wrong format or size.
 */
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
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          setError(null);
          for (const f of files) onFile(f);
        }}
        onReject={(rejections) => {
          const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
          setError(t(tooLarge ? 'common:dropzone.tooLarge' : 'common:dropzone.format'));
        }}
        maxSize={rules?.maxBytes ?? MAX_UPLOAD_PDF_BYTES}
        accept={rules?.accept ?? PDF_MIME_TYPE}
        loading={loading}
        data-testid={testId ?? 'pdf-dropzone'}
      >
        <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={32} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileTypePdf size={32} />
          </Dropzone.Idle>
          <div>
            <Text size="md">
              {rules && !rules.pdfOnly ? t('companyConfig:files.dropAny') : t('common:dropzone.drop')}
            </Text>
            <Text size="xs" c="dimmed">
              {rules?.limits ?? t('common:dropzone.limits')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(null)} data-testid="dropzone-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
