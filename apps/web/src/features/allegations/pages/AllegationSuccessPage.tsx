import { Alert, Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '../components/PublicShell';
import { forgetFiled, peekFiled } from '../lib/filed-once';

/** One of the two things to keep (the id, the pin) in a box, with its copy button. */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('allegations');
  return (
    <Stack gap={4} p="md" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Title order={3} ff="monospace" data-testid={testId}>
        {value}
      </Title>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy}>
            {copied ? t('success.copied') : t('success.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/**
 * /public/denounces/success: the id and the pin, shown this once. They come from the filing page through memory
 * (lib/filed-once), are kept in this component's state and forgotten there at once: after a reload, the back button
 * or a second visit the page says they are gone (never history state, the URL or the browser's storage).
 */
export function AllegationSuccessPage() {
  const { t } = useTranslation('allegations');
  const [filed] = useState(peekFiled);
  useEffect(() => forgetFiled(), []);
  if (!filed?.pin)
    return (
      <PublicShell title={t('success.title')}>
        <Alert color="gray">{t('success.gone')}</Alert>
      </PublicShell>
    );
  return (
    <PublicShell title={t('success.title')} companyName={filed.companyName}>
      <Stack>
        <Text>{t('success.text')}</Text>
        <Alert color="orange" title={t('success.keepTitle')} data-testid="keep-note">
          {t('success.keepText')}
        </Alert>
        <Group grow align="stretch">
          <CopyField label={t('success.id')} value={filed.id_denuncia} testId="report-id" />
          <CopyField label={t('success.pin')} value={filed.pin} testId="report-pin" />
        </Group>
        <Group>
          <Button component={Link} to={`/public/denounces/${filed.companyId}/followUp`} variant="light">
            {t('public.followButton')}
          </Button>
        </Group>
      </Stack>
    </PublicShell>
  );
}
