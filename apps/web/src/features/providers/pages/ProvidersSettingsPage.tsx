import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProviderIdT } from '@regcheck/shared/schemas/providers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CallLogTable, LookupError } from '../../person-records';
import { providersApi } from '../api/providers-api';
import { AccountCard } from '../components/AccountCard';
import { ProviderEditModal } from '../components/ProviderEditModal';
import { ProvidersTable } from '../components/ProvidersTable';
import { ThresholdsCard } from '../components/ThresholdsCard';
import { providersKeys } from '../keys';

/**
 * /regcheck/companies/:id/edit/providers (super administrator): the company's data-provider account and token, each
 * record provider (address, write-only credentials, contracted limit, on or off), the commercial-report risk
 * thresholds, and the company's read-only log of provider lookups.
 */
export function ProvidersSettingsPage() {
  const { t } = useTranslation(['records', 'shell']);
  const { id = '' } = useParams();
  const [editing, setEditing] = useState<ProviderIdT | null>(null);
  const company = useQuery({
    queryKey: providersKeys.company(id),
    queryFn: () => providersApi.company(id),
    retry: false,
  });
  const configs = useQuery({
    queryKey: providersKeys.configs(id),
    queryFn: () => providersApi.configs(id),
    retry: false,
  });
  const info = useQuery({ queryKey: providersKeys.info(id), queryFn: () => providersApi.info(id), retry: false });
  const failed = company.error ?? configs.error ?? info.error;
  const auth = Object.fromEntries((info.data?.providers ?? []).map((p) => [p.provider, p.authentication]));
  return (
    <Stack gap="md">
      <Title order={3}>{t('shell:routes.companyProviders')}</Title>
      {failed && (
        <LookupError
          error={failed}
          onRetry={() => {
            void company.refetch();
            void configs.refetch();
            void info.refetch();
          }}
        />
      )}
      {(info.isLoading || configs.isLoading) && <Skeleton height={300} />}
      {info.data && <AccountCard companyId={id} info={info.data} />}
      {configs.data && (
        <Stack gap="xs">
          <Title order={4}>{t('records:providers.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('records:providers.hint')}
          </Text>
          <ProvidersTable configs={configs.data} authentication={auth} onEdit={setEditing} />
        </Stack>
      )}
      {company.data && <ThresholdsCard companyId={id} />}
      {company.data && (
        <Stack gap="xs">
          <Title order={4}>{t('records:calls.title')}</Title>
          <CallLogTable url={`/providers/${encodeURIComponent(id)}/calls`} linkFichas={false} />
        </Stack>
      )}
      <ProviderEditModal
        companyId={id}
        provider={editing}
        current={configs.data?.find((c) => c.provider === editing)}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
