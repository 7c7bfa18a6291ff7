import { Alert, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileText, IconUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../format/format';

interface DropAreaProps {
  onDrop: (files: File[]) => void;
  /** the translated reason of a refused file (too large, or of another type) */
  onReject: (message: string) => void;
  accept?: string[];
  maxBytes: number;
  multiple: boolean;
  loading?: boolean;
  icon: ReactNode;
  title: string;
  hint: string;
  /** 'md' for a page's one file, 'sm' for a form's list of files */
  size: 'md' | 'sm';
  testId?: string;
  'aria-labelledby'?: string;
  'aria-label'?: string;
}

/** The drop zone itself, shared by FileDrop and FilesDropzone: the icon of its state, its title and its hint. */
export function DropArea({ onDrop, onReject, maxBytes, icon, title, hint, size, testId, ...rest }: DropAreaProps) {
  const { t, i18n } = useTranslation('common');
  const iconSize = size === 'md' ? 32 : 28;
  return (
    <Dropzone
      onDrop={onDrop}
      onReject={(rejections) => {
        const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
        onReject(
          tooLarge
            ? t('common:dropzone.tooLargeAny', { size: formatBytes(maxBytes, i18n.language) })
            : t('common:dropzone.formatAny'),
        );
      }}
      maxSize={maxBytes}
      data-testid={testId}
      {...rest}
    >
      <Group justify="center" gap="md" mih={size === 'md' ? 80 : 64} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={iconSize} />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={iconSize} />
        </Dropzone.Reject>
        <Dropzone.Idle>{icon}</Dropzone.Idle>
        <div>
          <Text size={size}>{title}</Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}

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
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <DropArea
        onDrop={(files) => {
          setError(null);
          for (const f of multiple ? files : files.slice(0, 1)) onFile(f);
        }}
        onReject={setError}
        maxBytes={maxBytes}
        accept={accept}
        multiple={multiple}
        loading={loading}
        icon={icon ?? <IconFileText size={32} />}
        title={title}
        hint={hint}
        size="md"
        testId={testId}
      />
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(null)} data-testid="dropzone-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
