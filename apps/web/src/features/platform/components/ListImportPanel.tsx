import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { LIST_FORMATS } from '@regcheck/shared/schemas/lists';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../app/format/format';
import { errorMessage } from '../../../app/query/errorMessage';
import { FileDrop } from '../../../app/ui/FileDrop';
import { type ListSource, listsApi } from '../api/platform-api';
import { platformKeys } from '../keys';
import { ImportStatusBadge } from './ImportStatusBadge';
import { VersionReport } from './ListVersionsPanel';

const MAX_BYTES = 80 * 1024 * 1024;

/** Reads a file as base64 (the import call takes the file in its JSON body). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/**
 * Imports a list file as a new version (a job): the version becomes the one in force only when every line reads;
 * otherwise the report names the lines and the previous version stays.
 */
export function ListImportPanel({ source }: { source: ListSource }) {
  const { t, i18n } = useTranslation('platform');
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState(source.format);
  const [label, setLabel] = useState('');
  const [versionId, setVersionId] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: async () => {
      if (!file) throw new Error(t('platform:lists.import.noFile'));
      return listsApi.importFile(source.id, {
        content: await base64Of(file),
        encoding: 'base64',
        format: format === 'manual' ? undefined : format,
        label: label.trim() || undefined,
      });
    },
    onSuccess: (r) => {
      setVersionId(r.version.id);
      setFile(null);
      void qc.invalidateQueries({ queryKey: platformKeys.list(source.id) });
    },
  });
  const version = useQuery({
    queryKey: platformKeys.listVersion(source.id, versionId),
    queryFn: () => listsApi.version(source.id, versionId as number),
    enabled: versionId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'importing' ? 1000 : false),
  });
  const v = version.data;
  if (v && v.status !== 'importing') void qc.invalidateQueries({ queryKey: platformKeys.lists });
  const formats = (LIST_FORMATS as readonly string[]).map((f) => ({
    value: f,
    label: t(`platform:lists.formats.${f}`),
  }));
  return (
    <Stack gap="md" maw={880}>
      <Text size="sm">{t('platform:lists.import.intro')}</Text>
      <FileDrop
        onFile={setFile}
        maxBytes={MAX_BYTES}
        title={file ? file.name : t('platform:lists.import.drop')}
        hint={t('platform:lists.import.limits')}
        testId="list-import-drop"
      />
      <Group grow align="flex-start">
        <Select
          label={t('platform:lists.import.format')}
          data={formats}
          value={format === 'manual' ? null : format}
          onChange={(f) => setFormat(f ?? source.format)}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={350}
        />
        <TextInput
          label={t('platform:lists.import.label')}
          placeholder={t('platform:lists.import.labelPlaceholder')}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
      </Group>
      {start.error && <Alert color="red">{errorMessage(start.error)}</Alert>}
      <Group justify="flex-end">
        <Button
          onClick={() => start.mutate()}
          disabled={!file}
          loading={start.isPending}
          data-testid="list-import-start"
        >
          {t('platform:lists.import.start')}
        </Button>
      </Group>
      {v && (
        <Alert
          color={v.status === 'failed' ? 'red' : v.status === 'importing' ? 'blue' : 'teal'}
          title={<ImportStatusBadge status={v.status} />}
          data-testid="list-import-result"
        >
          <Stack gap="xs">
            <Text size="sm">
              {v.status === 'importing'
                ? t('platform:lists.import.running')
                : v.status === 'failed'
                  ? t('platform:lists.import.failed', { count: v.errorCount })
                  : t('platform:lists.import.done', {
                      count: v.entityCount,
                      entries: formatNumber(v.entityCount, i18n.language, 0),
                    })}
            </Text>
            {v.status === 'failed' && <VersionReport version={v} />}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
