import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../app/session/useSession';
import { reportPaths } from '../api/reports-api';
import { PeriodPicker } from '../components/PeriodPicker';
import { ReportView } from '../components/ReportView';
import { periodProblem, presetPeriod } from '../lib/period';

/** /home/reports/conflict-of-interest: the conflict-of-interest reports of the period, with their state and deadlines. */
export function ConflictOfInterestPage() {
  const { t } = useTranslation('reports');
  const user = useUser();
  const [period, setPeriod] = useState(presetPeriod('thisMonth'));
  const companyId = user.company?.id ?? '';
  const path =
    periodProblem(period) || !companyId ? null : reportPaths.conflictOfInterest(companyId, period.from, period.to);
  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:conflict.title')}</Title>
      <Text c="dimmed">{t('reports:conflict.intro')}</Text>
      <PeriodPicker value={period} onChange={setPeriod} testId="conflict-of-interest-period" />
      <ReportView path={path} name="conflict-of-interest" testId="report-conflict-of-interest" />
    </Stack>
  );
}
