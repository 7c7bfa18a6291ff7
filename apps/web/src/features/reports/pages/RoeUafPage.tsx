import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { reportPaths } from '../api/reports-api';
import { PeriodPicker } from '../components/PeriodPicker';
import { ReportView } from '../components/ReportView';
import { RoeFilingsPanel } from '../components/RoeFilingsPanel';
import { lastQuarter, periodFromQuery, periodProblem } from '../lib/period';

/**
 * /home/reports/roe-uaf: the ROE of a period (the last ended quarter by default; `?from=&to=`, the home dashboard's
 * ROE figure, opens it on that period): the cash pending a dollar rate, the filings to the UAF and the action that
 * files the period, then the report (operations, a deleted one with its mark, pending cash, differences from the
 * last filing) with its xlsx, PDF, CSV and UAF file (or the negative ROE).
 */
export function RoeUafPage() {
  const { t } = useTranslation('reports');
  const [params] = useSearchParams();
  const [period, setPeriod] = useState(() => periodFromQuery(params) ?? lastQuarter());
  const valid = periodProblem(period) ? null : period;
  const path = valid ? reportPaths.roeUaf(valid.from, valid.to) : null;
  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:roe.title')}</Title>
      <Text c="dimmed">{t('reports:roe.intro')}</Text>
      <PeriodPicker value={period} onChange={setPeriod} testId="roe-period" />
      <RoeFilingsPanel period={valid} reportPath={path} />
      <ReportView
        path={path}
        name="roe-uaf"
        testId="report-roe"
        extra={[
          { label: t('reports:download.csv'), format: 'csv', testId: 'report-roe-csv' },
          { label: t('reports:download.uaf'), format: 'txt', testId: 'report-roe-txt' },
        ]}
      />
    </Stack>
  );
}
