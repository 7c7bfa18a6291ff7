import { Alert, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileText, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A styled drop zone for one data file (a list or the PEP CSV): drag or click, a translated error on size or type. */
export function FileDrop({
  onFile,
  accept,
  maxBytes,
  title,
  hint,
  loading,
  testId,
}: {
  onFile: (file: File) => void;
  accept?: string[];
  maxBytes: number;
  title: string;
  hint: string;
  loading?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('platform');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          setError(null);
          if (files[0]) onFile(files[0]);
        }}
        onReject={(rejections) => {
          const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
          setError(t(tooLarge ? 'platform:drop.tooLarge' : 'platform:drop.format'));
        }}
        maxSize={maxBytes}
        accept={accept}
        multiple={false}
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
          <Dropzone.Idle>
            <IconFileText size={32} />
          </Dropzone.Idle>
          <div>
            <Text size="md">{title}</Text>
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
