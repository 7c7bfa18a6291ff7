import { Alert, Group, Input, Stack, Text } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../format/format';
import { DropArea } from './FileDrop';
import { DeleteAction } from './RowAction';

/**
 * The styled drop zone for several files (an allegation's attachments, a manual): drag or click, the chosen files
 * listed with their size and a button to take each one out, a translated error for a wrong format or size. The
 * caller keeps the list (value/onChange) and its own rules on how many files may go.
 */
export function FilesDropzone({
  value,
  onChange,
  accept,
  maxBytes,
  maxFiles,
  label,
  hint,
  error,
  multiple = true,
  testId,
}: {
  value: File[];
  onChange: (files: File[]) => void;
  accept: string[];
  maxBytes: number;
  maxFiles?: number;
  label?: string;
  hint: string;
  error?: string | null;
  multiple?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const [rejected, setRejected] = useState<string | null>(null);
  const id = useId();
  const shown = error ?? rejected;
  return (
    <Stack gap={6}>
      {label && (
        <Input.Label htmlFor={id} id={`${id}-label`}>
          {label}
        </Input.Label>
      )}
      <DropArea
        onDrop={(files) => {
          setRejected(null);
          const next = multiple ? [...value, ...files] : files.slice(0, 1);
          onChange(maxFiles ? next.slice(0, Math.max(maxFiles, value.length)) : next);
          if (maxFiles && next.length > maxFiles) setRejected(t('common:dropzone.tooMany', { max: maxFiles }));
        }}
        onReject={setRejected}
        maxBytes={maxBytes}
        accept={accept}
        multiple={multiple}
        aria-labelledby={label ? `${id}-label` : undefined}
        aria-label={label ? undefined : hint}
        icon={<IconFiles size={28} />}
        title={t(multiple ? 'common:dropzone.dropFiles' : 'common:dropzone.dropFile')}
        hint={hint}
        size="sm"
        testId={testId}
      />
      {value.length > 0 && (
        <Stack gap={4} data-testid={testId ? `${testId}-chosen` : undefined}>
          {value.map((f, i) => (
            <Group key={`${f.name}-${f.size}-${f.lastModified}`} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate="end" title={f.name}>
                {f.name}{' '}
                <Text span size="xs" c="dimmed">
                  ({formatBytes(f.size, i18n.language)})
                </Text>
              </Text>
              <DeleteAction
                label={t('common:dropzone.remove', { name: f.name })}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              />
            </Group>
          ))}
        </Stack>
      )}
      {shown && (
        <Alert
          color="red"
          py={6}
          withCloseButton={!error}
          onClose={() => setRejected(null)}
          data-testid="dropzone-error"
        >
          {shown}
        </Alert>
      )}
    </Stack>
  );
}
