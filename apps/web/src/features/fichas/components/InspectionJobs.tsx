import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { formatBytes, formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import type { InspectionFile } from '../api/inspection-api';

/** Whether one of the files is still being built (the list is then read again every 1.5 s). */
export const running = (files: InspectionFile[] | undefined) =>
  !!files?.some((f) => f.status === 'queued' || f.status === 'running');

/**
 * The inspector's files of one kind (a customer's files, or the period packs) as the job builds them: the list is
 * read again while one is being built, and a file seen being built and now ready is announced once with `readyToast`.
 * `started(file)` records a file just asked for, so that its readiness is announced too.
 */
export function useInspectionJobs(opts: {
  queryKey: QueryKey;
  list: () => Promise<InspectionFile[]>;
  enabled?: boolean;
  readyToast: string;
}) {
  const files = useQuery({
    queryKey: opts.queryKey,
    queryFn: opts.list,
    enabled: opts.enabled ?? true,
    refetchInterval: (q) => (running(q.state.data) ? 1500 : false),
  });
  const seen = useRef(new Map<string, InspectionFile['status']>());
  const { readyToast } = opts;
  useEffect(() => {
    for (const f of files.data ?? []) {
      const before = seen.current.get(f.id);
      if (before && before !== 'ready' && f.status === 'ready') notifySuccess(readyToast);
      seen.current.set(f.id, f.status);
    }
  }, [files.data, readyToast]);
  const started = (f: InspectionFile) => seen.current.set(f.id, f.status);
  return { files, started };
}

/**
 * One inspector's file in a list: its state in words (with the progress while it is built), who asked for it and
 * when, its size, and the download once it is ready. `title` goes before the state (the period of a pack).
 */
export function InspectionJobRow({
  file,
  title,
  fallbackName,
  testId,
}: {
  file: InspectionFile;
  title?: string;
  fallbackName: string;
  testId: 'inspection' | 'pack';
}) {
  const { t, i18n } = useTranslation('reports');
  const status =
    file.status === 'running'
      ? t('reports:inspection.ui.running', { progress: file.progress })
      : file.status === 'failed'
        ? t('reports:inspection.ui.failed', { error: file.error ?? '' })
        : t(`reports:inspection.ui.${file.status}`);
  const download = async () => {
    if (!file.downloadUrl) return;
    try {
      await api.download(file.downloadUrl, file.fileName ?? fallbackName);
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  return (
    <Paper withBorder p="sm" data-testid={`${testId}-file`} data-status={file.status}>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Stack gap={2} style={{ flex: 1 }}>
          <Text size="sm" fw={600}>
            {title ? `${title} · ${status}` : status}
          </Text>
          <Text size="xs" c="dimmed">
            {t('reports:inspection.ui.requestedBy', { who: file.createdBy, at: formatDateTime(file.createdAt) })}
            {file.size ? ` · ${formatBytes(file.size, i18n.language)}` : ''}
          </Text>
          {(file.status === 'queued' || file.status === 'running') && (
            <Progress value={Math.max(2, file.progress)} animated aria-label={status} />
          )}
        </Stack>
        {file.status === 'ready' && (
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() => void download()}
            data-testid={`${testId}-download`}
          >
            {t('reports:inspection.ui.download')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
