import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../app/session/useSession';
import { reportPaths } from '../api/reports-api';
import { PeriodPicker } from '../components/PeriodPicker';
import { ReportView } from '../components/ReportView';
import { periodProblem, presetPeriod } from '../lib/period';

/** The company reports of a period that have a page of their own: title and intro keys, file name and test ids. */
const REPORTS = {
  complianceOfficer: { keys: 'compliance', name: 'compliance-officer' },
  conflictOfInterest: { keys: 'conflict', name: 'conflict-of-interest' },
} as const;

/** A company report of a period on its own page (this month by default), with its downloads. */
function PeriodReportPage({ report }: { report: keyof typeof REPORTS }) {
  const { t } = useTranslation('reports');
  const user = useUser();
  const [period, setPeriod] = useState(presetPeriod('thisMonth'));
  const { keys, name } = REPORTS[report];
  const companyId = user.company?.id ?? '';
  const path = periodProblem(period) || !companyId ? null : reportPaths[report](companyId, period.from, period.to);
  return (
    <Stack gap="md">
      <Title order={2}>{t(`reports:${keys}.title`)}</Title>
      <Text c="dimmed">{t(`reports:${keys}.intro`)}</Text>
      <PeriodPicker value={period} onChange={setPeriod} testId={`${name}-period`} />
      <ReportView path={path} name={name} testId={`report-${name}`} />
    </Stack>
  );
}

/** /home/reports/compliance-officer: the period's activity for the compliance officer's report to the board, and its risk changes. */
export const ComplianceOfficerPage = () => <PeriodReportPage report="complianceOfficer" />;

/** /home/reports/conflict-of-interest: the conflict-of-interest reports of the period, with their state and deadlines. */
export const ConflictOfInterestPage = () => <PeriodReportPage report="conflictOfInterest" />;
