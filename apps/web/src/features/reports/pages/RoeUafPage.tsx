import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { reportPaths } from '../api/reports-api';
import { PeriodPicker } from '../components/PeriodPicker';
import { ReportView } from '../components/ReportView';
import { periodFromQuery, periodProblem, presetPeriod } from '../lib/period';

/**
 * /home/reports/roe-uaf: the cash operations above the ROE threshold of a period, and the UAF file (or the negative
 * ROE). `?from=&to=` (the home dashboard's ROE figure) opens it on that period.
 */
export function RoeUafPage() {
  const { t } = useTranslation('reports');
  const [params] = useSearchParams();
  const [period, setPeriod] = useState(() => periodFromQuery(params) ?? presetPeriod('thisMonth'));
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
