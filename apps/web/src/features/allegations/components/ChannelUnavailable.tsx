import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
