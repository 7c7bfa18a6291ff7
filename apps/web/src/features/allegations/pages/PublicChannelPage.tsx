import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePublicChannel } from '../components/ChannelUnavailable';
import { PublicShell } from '../components/PublicShell';

/** /public/denounces/{companyId} (and /public/denounces without one): file a report or follow one. */
export function PublicChannelPage() {
  const { t } = useTranslation('allegations');
  const { companyId = '' } = useParams();
  const { gate, channel } = usePublicChannel(companyId, t('public.title'));
  if (gate) return gate;
  return (
    <PublicShell title={t('public.title')} companyName={channel.companyName}>
      <Stack>
        <Text>{t('public.intro')}</Text>
        <Text size="sm" c="dimmed">
          {t('public.introAnonymous')}
        </Text>
        <Group>
          <Button component={Link} to={`/public/denounces/new?company=${companyId}`} data-testid="start-report">
            {t('public.fileButton')}
          </Button>
          <Button
            component={Link}
            to={`/public/denounces/${companyId}/followUp`}
            variant="light"
            data-testid="start-followup"
          >
            {t('public.followButton')}
          </Button>
        </Group>
      </Stack>
    </PublicShell>
  );
}
