import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CallLogTable } from '../components/CallLogTable';

/**
 * /home/records/providerCalls (?fichaId=): the company's read-only log of provider lookups, for the administrators
 * and the auditor (providerCallLog): who looked up which person, at which provider, with what result.
 */
export function ProviderCallsPage() {
  const { t } = useTranslation(['records', 'shell']);
  const fichaId = useSearchParams()[0].get('fichaId') ?? undefined;
  return (
    <Stack gap="md">
      <Title order={2}>{t('shell:routes.providerCalls')}</Title>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t(fichaId ? 'records:calls.introFicha' : 'records:calls.intro')}
        </Text>
        {fichaId && (
          <Anchor component={Link} to="/home/records/providerCalls" size="sm" data-testid="provider-calls-all">
            {t('records:calls.all')}
          </Anchor>
        )}
      </Group>
      <CallLogTable url="/person-records/calls" fichaId={fichaId} linkFichas />
    </Stack>
  );
}
