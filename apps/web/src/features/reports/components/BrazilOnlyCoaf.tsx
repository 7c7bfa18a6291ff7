import { Alert, Anchor, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../../app/session/useSession';
import { coafApplies } from '../lib/coaf';

/**
 * The route-table guard of the COAF page (issue 23, point 3), the mirror of ChileOnlyRoe: a company that is not
 * Brazilian gets a sentence saying the COAF communication is Brazil's, and never the page.
 */
export function BrazilOnlyCoaf({ children }: { children: ReactNode }) {
  const { t } = useTranslation('coaf');
  const user = useUser();
  if (coafApplies(user.company?.country)) return <>{children}</>;
  return (
    <Stack gap="md" maw={760} data-testid="coaf-brazil-only">
      <Title order={2}>{t('coaf:brazilOnly.title')}</Title>
      <Alert color="blue">{t('coaf:brazilOnly.body')}</Alert>
      <Anchor component={Link} to="/home/reports">
        {t('coaf:brazilOnly.back')}
      </Anchor>
    </Stack>
  );
}
