import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../app/session/useSession';
import { reportPaths } from '../api/reports-api';
import { PeriodPicker } from '../components/PeriodPicker';
import { ReportView } from '../components/ReportView';
import { periodProblem, presetPeriod } from '../lib/period';

/** /home/reports/compliance-officer: the period's activity for the compliance officer's report to the board, and its risk changes. */
export function ComplianceOfficerPage() {
  const { t } = useTranslation('reports');
  const user = useUser();
  const [period, setPeriod] = useState(presetPeriod('thisMonth'));
  const companyId = user.company?.id ?? '';
  const path =
    periodProblem(period) || !companyId ? null : reportPaths.complianceOfficer(companyId, period.from, period.to);
  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:compliance.title')}</Title>
      <Text c="dimmed">{t('reports:compliance.intro')}</Text>
      <PeriodPicker value={period} onChange={setPeriod} testId="compliance-officer-period" />
      <ReportView path={path} name="compliance-officer" testId="report-compliance-officer" />
    </Stack>
  );
}
