import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportPaths } from '../api/reports-api';
import { ReportView } from '../components/ReportView';

/** /home/reports/final-beneficiaries: every company customer with its beneficial owners, and the unresolved ones. */
export function FinalBeneficiariesPage() {
  const { t } = useTranslation('reports');
  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:beneficiaries.title')}</Title>
      <ReportView path={reportPaths.beneficiaries()} name="final-beneficiaries" testId="report-beneficiaries" />
    </Stack>
  );
}
