import { Alert, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileText, IconUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../format/format';

/**
 * The styled drop zone for a file chosen to be sent at once (a list, the PEP CSV, a PDF): drag or click, never the
 * browser's "Choose File / No file chosen", a translated error on size or type. `multiple` hands each dropped file
 * to onFile in turn. FilesDropzone is the one that keeps a list of chosen files for a form.
 */
export function FileDrop({
  onFile,
  accept,
  maxBytes,
  title,
  hint,
  icon,
  multiple = false,
  loading,
  testId,
}: {
  onFile: (file: File) => void;
  accept?: string[];
  maxBytes: number;
  title: string;
  hint: string;
  icon?: ReactNode;
  multiple?: boolean;
  loading?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          setError(null);
          for (const f of multiple ? files : files.slice(0, 1)) onFile(f);
        }}
        onReject={(rejections) => {
          const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
          setError(
            tooLarge
              ? t('common:dropzone.tooLargeAny', { size: formatBytes(maxBytes, i18n.language) })
              : t('common:dropzone.formatAny'),
          );
        }}
        maxSize={maxBytes}
        accept={accept}
        multiple={multiple}
        loading={loading}
        data-testid={testId}
      >
        <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={32} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} />
          </Dropzone.Reject>
          <Dropzone.Idle>{icon ?? <IconFileText size={32} />}</Dropzone.Idle>
          <div>
            <Text size="md">{title}</Text>
            <Text size="xs" c="dimmed">
              {hint}
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
