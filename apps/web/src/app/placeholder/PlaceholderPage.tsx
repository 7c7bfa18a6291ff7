import { Alert, Stack, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteMeta } from '../router/route-access';

/** A registered route whose page comes in a later issue: its title and an honest notice, nothing else. */
export function PlaceholderPage() {
  const { t } = useTranslation('shell');
  const matches = useMatches();
  const titleKey = [...matches].reverse().find((m) => (m.handle as RouteMeta | undefined)?.titleKey)?.handle as
    | RouteMeta
    | undefined;
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{titleKey?.titleKey ? t(titleKey.titleKey) : ''}</Title>
      <Alert color="gray" icon={<IconHammer size={18} />} data-testid="placeholder-notice">
        {t('shell:placeholder.notice')}
      </Alert>
    </Stack>
  );
}
