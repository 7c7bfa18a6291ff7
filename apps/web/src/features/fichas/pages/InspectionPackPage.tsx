import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../app/api/download';
import { formatBytes, formatDateTime, formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { PeriodPicker } from '../../reports/components/PeriodPicker';
import { periodProblem, presetPeriod } from '../../reports/lib/period';
import { type InspectionFile, packApi } from '../api/inspection-api';

const running = (files: InspectionFile[] | undefined) =>
  !!files?.some((f) => f.status === 'queued' || f.status === 'running');

/**
 * /home/fichas/inspectionPack: the inspector's period pack (issue 28, point 2): a date range, the job's progress, a
 * message when ready and the zip (signed PDF, JSON, manifest). For the administrators and the auditor.
 */
export function InspectionPackPage() {
  const { t, i18n } = useTranslation('reports');
  const qc = useQueryClient();
  const [period, setPeriod] = useState(presetPeriod('lastMonth'));
  const packs = useQuery({
    queryKey: ['inspection', 'packs'],
    queryFn: packApi.list,
    refetchInterval: (q) => (running(q.state.data) ? 1500 : false),
  });
  const seen = useRef(new Map<string, InspectionFile['status']>());
  useEffect(() => {
    for (const f of packs.data ?? []) {
      const before = seen.current.get(f.id);
      if (before && before !== 'ready' && f.status === 'ready')
        notifySuccess(t('reports:inspection.ui.packReadyToast'));
      seen.current.set(f.id, f.status);
    }
  }, [packs.data, t]);
  const start = useMutation({
    mutationFn: () => packApi.start(period.from, period.to),
    onSuccess: (f) => {
      seen.current.set(f.id, f.status);
      notifySuccess(t('reports:inspection.ui.packStarted'));
      void qc.invalidateQueries({ queryKey: ['inspection', 'packs'] });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const problem = periodProblem(period);
  const download = async (f: InspectionFile) => {
    if (!f.downloadUrl) return;
    try {
      await downloadFile(f.downloadUrl.replace(/^\/api/, ''), f.fileName ?? 'periodo.zip');
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  const statusText = (f: InspectionFile) =>
    f.status === 'running'
      ? t('reports:inspection.ui.running', { progress: f.progress })
      : f.status === 'failed'
        ? t('reports:inspection.ui.failed', { error: f.error ?? '' })
        : t(`reports:inspection.ui.${f.status}`);

  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:inspection.ui.packTitle')}</Title>
      <Text c="dimmed">{t('reports:inspection.ui.packIntro')}</Text>
      <Group align="flex-end">
        <PeriodPicker value={period} onChange={setPeriod} testId="pack-period" />
        <Button
          onClick={() => start.mutate()}
          loading={start.isPending}
          disabled={!!problem || running(packs.data)}
          data-testid="pack-generate"
        >
          {t('reports:inspection.ui.packGenerate')}
        </Button>
      </Group>
      {packs.isError && <Alert color="red">{errorMessage(packs.error)}</Alert>}
      {packs.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('reports:inspection.ui.packNone')}
        </Text>
      )}
      {packs.data?.map((f) => (
        <Paper key={f.id} withBorder p="sm" data-testid="pack-file" data-status={f.status}>
          <Group justify="space-between" align="center" wrap="nowrap">
            <Stack gap={2} style={{ flex: 1 }}>
              <Text size="sm" fw={600}>
                {t('reports:inspection.ui.packPeriod', { from: formatDay(f.from), to: formatDay(f.to) })} ·{' '}
                {statusText(f)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('reports:inspection.ui.requestedBy', { who: f.createdBy, at: formatDateTime(f.createdAt) })}
                {f.size ? ` · ${formatBytes(f.size, i18n.language)}` : ''}
              </Text>
              {(f.status === 'queued' || f.status === 'running') && (
                <Progress value={Math.max(2, f.progress)} animated aria-label={statusText(f)} />
              )}
            </Stack>
            {f.status === 'ready' && (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => void download(f)}
                data-testid="pack-download"
              >
                {t('reports:inspection.ui.download')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
