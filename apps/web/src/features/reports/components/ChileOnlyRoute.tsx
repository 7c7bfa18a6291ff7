import { Alert, Anchor, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../../app/session/useSession';
import { roeApplies } from '../lib/roe-country';

/**
 * The route-table guard of the ROE page (issue 23, point 3): a company that is not Chilean gets a sentence saying
 * the ROE is Chile's report to the UAF, and never the page (no report, no download, no USD threshold).
 */
export function ChileOnlyRoe({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const user = useUser();
  if (roeApplies(user.company?.country)) return <>{children}</>;
  return (
    <Stack gap="md" maw={760} data-testid="roe-chile-only">
      <Title order={2}>{t('shell:chileOnly.roe.title')}</Title>
      <Alert color="blue">{t('shell:chileOnly.roe.body')}</Alert>
      <Anchor component={Link} to="/home/reports">
        {t('shell:chileOnly.roe.back')}
      </Anchor>
    </Stack>
  );
}
