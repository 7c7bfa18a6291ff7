import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { isCompanyRole } from '@regcheck/shared/permissions';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../../app/session/useSession';

/** Landing page after login: welcome, and the notice for a user without an obliged subject. */
export function HallPage() {
  const { t } = useTranslation('hall');
  const user = useUser();
  const withoutCompany = isCompanyRole(user.role) && !user.company;
  return (
    <Stack gap="md" maw={760}>
      <Title order={2} data-testid="hall-welcome">
        {t('hall:welcome', { name: user.name })}
      </Title>
      {user.company && <Text c="dimmed">{t('hall:company', { company: user.company.name })}</Text>}
      {withoutCompany ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="hall-no-company" role="alert">
          {t('hall:noCompany')}
        </Alert>
      ) : (
        <Text>{t('hall:intro')}</Text>
      )}
      {user.askPasswordChange && (
        <Alert color="yellow" data-testid="hall-ask-password-change">
          {t('hall:askPasswordChange')}{' '}
          <Anchor component={Link} to="/tools/changepassword">
            {t('hall:changePassword')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
