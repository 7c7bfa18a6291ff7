import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiClientsPanel } from '../components/ApiClientsPanel';
import { WebhooksPanel } from '../components/WebhooksPanel';

/** /tools/api: the company's external API credentials and webhooks. */
export function ExternalApiPage() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('admin:externalApi.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('admin:externalApi.intro')}{' '}
          <Anchor href="/api/docs" target="_blank" rel="noreferrer" size="sm" underline="always">
            {t('admin:externalApi.docs')}
          </Anchor>
        </Text>
      </Stack>
      <ApiClientsPanel />
      <WebhooksPanel />
    </Stack>
  );
}
