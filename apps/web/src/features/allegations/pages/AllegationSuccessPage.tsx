import { Alert, Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PublicShell } from '../components/PublicShell';

interface Filed {
  id_denuncia: string;
  pin: string;
  companyId: string;
  companyName?: string;
}

/** /public/denounces/success: the id and the pin, shown this once (they live only in the page's state). */
export function AllegationSuccessPage() {
  const { t } = useTranslation('allegations');
  const filed = (useLocation().state ?? null) as Filed | null;
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
          <Stack gap={4} p="md" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Text size="sm" c="dimmed">
              {t('success.id')}
            </Text>
            <Title order={3} ff="monospace" data-testid="report-id">
              {filed.id_denuncia}
            </Title>
            <CopyButton value={filed.id_denuncia}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t('success.copied') : t('success.copy')}
                </Button>
              )}
            </CopyButton>
          </Stack>
          <Stack gap={4} p="md" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Text size="sm" c="dimmed">
              {t('success.pin')}
            </Text>
            <Title order={3} ff="monospace" data-testid="report-pin">
              {filed.pin}
            </Title>
            <CopyButton value={filed.pin}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t('success.copied') : t('success.copy')}
                </Button>
              )}
            </CopyButton>
          </Stack>
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
