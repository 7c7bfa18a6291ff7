import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportPaths } from '../api/reports-api';
import { PeriodPicker } from '../components/PeriodPicker';
import { ReportView } from '../components/ReportView';
import { periodProblem, presetPeriod } from '../lib/period';

/** /home/reports/roe-uaf: the cash operations above the ROE threshold of a period, and the UAF file (or the negative ROE). */
export function RoeUafPage() {
  const { t } = useTranslation('reports');
  const [period, setPeriod] = useState(presetPeriod('thisMonth'));
  const path = periodProblem(period) ? null : reportPaths.roeUaf(period.from, period.to);
  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:roe.title')}</Title>
      <Text c="dimmed">{t('reports:roe.intro')}</Text>
      <PeriodPicker value={period} onChange={setPeriod} testId="roe-period" />
      <ReportView
        path={path}
        name="roe-uaf"
        testId="report-roe"
        extra={[{ label: t('reports:download.uaf'), format: 'txt', testId: 'report-roe-txt' }]}
      />
    </Stack>
  );
}
