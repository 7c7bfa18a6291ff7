import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { fichasKeys } from '../../../app/query/keys/fichas-keys';
import { PeriodPicker, periodProblem, presetPeriod } from '../../reports';
import { packApi } from '../api/inspection-api';
import { InspectionJobRow, running, useInspectionJobs } from '../components/InspectionJobs';

/**
 * /home/fichas/inspectionPack: the inspector's period pack (issue 28, point 2): a date range, the job's progress, a
 * message when ready and the zip (signed PDF, JSON, manifest). For the administrators and the auditor.
 */
export function InspectionPackPage() {
  const { t } = useTranslation('reports');
  const qc = useQueryClient();
  const [period, setPeriod] = useState(presetPeriod('lastMonth'));
  const { files: packs, started } = useInspectionJobs({
    queryKey: fichasKeys.inspectionPacks,
    list: packApi.list,
    readyToast: t('reports:inspection.ui.packReadyToast'),
  });
  const start = useMutation({
    mutationFn: () => packApi.start(period.from, period.to),
    onSuccess: (f) => {
      started(f);
      notifySuccess(t('reports:inspection.ui.packStarted'));
      void qc.invalidateQueries({ queryKey: fichasKeys.inspectionPacks });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const problem = periodProblem(period);

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
        <InspectionJobRow
          key={f.id}
          file={f}
          title={t('reports:inspection.ui.packPeriod', { from: formatDay(f.from), to: formatDay(f.to) })}
          fallbackName="periodo.zip"
          testId="pack"
        />
      ))}
    </Stack>
  );
}
