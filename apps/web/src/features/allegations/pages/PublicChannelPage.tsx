import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { publicAllegationsApi } from '../api/allegations-api';
import { ChannelUnavailable } from '../components/ChannelUnavailable';
import { PublicShell } from '../components/PublicShell';

/** /public/denounces/{companyId} (and /public/denounces without one): file a report or follow one. */
export function PublicChannelPage() {
  const { t } = useTranslation('allegations');
  const { companyId = '' } = useParams();
  const channel = useQuery({
    queryKey: ['allegations', 'channel', companyId],
    queryFn: () => publicAllegationsApi.channel(companyId),
    enabled: companyId !== '',
    retry: false,
  });
  if (companyId && channel.isLoading)
    return (
      <PublicShell title={t('public.title')}>
        <Loader />
      </PublicShell>
    );
  if (!companyId || channel.isError || !channel.data)
    return (
      <PublicShell title={t('public.title')}>
        <ChannelUnavailable />
      </PublicShell>
    );
  return (
    <PublicShell title={t('public.title')} companyName={channel.data.companyName}>
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
