import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { type Channel, publicAllegationsApi } from '../api/allegations-api';
import { allegationsKeys } from '../keys';
import { PublicShell } from './PublicShell';

/** The page of an unknown company or an inactive channel: says so, and nothing about the company. */
export function ChannelUnavailable() {
  const { t } = useTranslation('allegations');
  return (
    <Stack data-testid="channel-unavailable">
      <Alert color="gray" title={t('public.unavailableTitle')}>
        <Text size="sm">{t('public.unavailableText')}</Text>
      </Alert>
    </Stack>
  );
}

/**
 * The company's channel for a public page. `gate` is the page to show instead while it loads, or when there is no
 * company or its channel is not available; null once `channel` is there.
 */
export function usePublicChannel(
  companyId: string,
  title: string,
): { gate: ReactElement; channel?: undefined } | { gate: null; channel: Channel } {
  const channel = useQuery({
    queryKey: allegationsKeys.publicChannel(companyId),
    queryFn: () => publicAllegationsApi.channel(companyId),
    enabled: companyId !== '',
    retry: false,
  });
  if (companyId && channel.isLoading)
    return {
      gate: (
        <PublicShell title={title}>
          <Loader />
        </PublicShell>
      ),
    };
  if (!companyId || channel.isError || !channel.data)
    return {
      gate: (
        <PublicShell title={title}>
          <ChannelUnavailable />
        </PublicShell>
      ),
    };
  return { gate: null, channel: channel.data };
}
