import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../../app/session/useSession';
import { RiskModelEditor } from '../../admin';

/**
 * /home/company/risk (ours, decision 110): the company's risk model for its own users, the page a ficha's risk
 * explanation links to. The company administrator changes it (the same editor as the super administrator's, with
 * the re-rating warning); every other company user reads it, every control disabled.
 */
export function CompanyRiskModelPage() {
  const { t } = useTranslation(['profile']);
  const user = useUser();
  const companyId = user.company?.id ?? '';
  const readOnly = !can({ role: user.role, company: user.company }, 'usersAdmin');
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('profile:riskModel.title')}</Title>
        <Anchor component={Link} to="/home/company" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} />
            {t('profile:riskModel.back')}
          </Group>
        </Anchor>
      </Group>
      <Text c="dimmed">{t('profile:riskModel.intro')}</Text>
      {readOnly && (
        <Alert variant="light" data-testid="risk-model-read-only-note">
          {t('profile:riskModel.readOnly')}
        </Alert>
      )}
      <RiskModelEditor companyId={companyId} readOnly={readOnly} title={null} />
    </Stack>
  );
}
