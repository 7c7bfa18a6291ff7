import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconFlask, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format/format';

/** The provider has not been set up for the company: said plainly, never a made-up result. */
export function NotConfiguredNotice() {
  const { t } = useTranslation('records');
  return (
    <Alert
      color="gray"
      icon={<IconPlugConnectedX size={18} />}
      title={t('records:notConfigured.title')}
      data-testid="records-not-configured"
    >
      {t('records:notConfigured.body')}
    </Alert>
  );
}

/** Where the answer comes from: the sample provider of the demo, the 24-hour cache, the time it was fetched. */
export function SourceLine({ sample, cached, fetchedAt }: { sample?: boolean; cached?: boolean; fetchedAt?: string }) {
  const { t } = useTranslation('records');
  return (
    <Group gap="sm">
      {sample && (
        <Badge color="orange" variant="light" leftSection={<IconFlask size={14} />} data-testid="records-sample">
          {t('records:sample.badge')}
        </Badge>
      )}
      {fetchedAt && (
        <Text size="sm" c="dimmed">
          {t(cached ? 'records:source.cached' : 'records:source.fresh', { when: formatDateTime(fetchedAt) })}
        </Text>
      )}
    </Group>
  );
}

/** The sample-data explanation shown above every answer of the demo's sample provider. */
export function SampleNotice() {
  const { t } = useTranslation('records');
  return (
    <Alert color="orange" variant="light" icon={<IconFlask size={18} />} data-testid="records-sample-notice">
      {t('records:sample.notice')}
    </Alert>
  );
}
