import { Badge, Button, Text } from '@mantine/core';
import { PROVIDER_IDS, type ProviderConfigViewT, type ProviderIdT } from '@regcheck/shared/schemas/providers';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../app/format/format';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';

interface Row {
  provider: ProviderIdT;
  config?: ProviderConfigViewT;
  authentication?: 'credentials' | 'accountToken' | 'none';
}

/** Every provider a company may contract, with its state, address, authentication and contracted limit. */
export function ProvidersTable({
  configs,
  authentication,
  onEdit,
}: {
  configs: ProviderConfigViewT[];
  authentication: Record<string, 'credentials' | 'accountToken' | 'none'>;
  onEdit: (p: ProviderIdT) => void;
}) {
  const { t, i18n } = useTranslation('records');
  const c = (k: string) => t(`records:providers.columns.${k}`);
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  const rows: Row[] = PROVIDER_IDS.map((provider) => ({
    provider,
    config: configs.find((x) => x.provider === provider),
    authentication: authentication[provider],
  }));
  const columns: Column<Row>[] = [
    { key: 'name', header: c('provider'), render: (r) => t(`records:providers.names.${r.provider}`) },
    {
      key: 'state',
      header: c('state'),
      width: 140,
      render: (r) =>
        !r.config ? (
          <Badge color="gray" variant="light">
            {t('records:providers.state.notConfigured')}
          </Badge>
        ) : (
          <Badge color={r.config.enabled ? 'green' : 'gray'} variant="light">
            {t(r.config.enabled ? 'records:providers.state.enabled' : 'records:providers.state.disabled')}
          </Badge>
        ),
    },
    {
      key: 'address',
      header: c('address'),
      render: (r) =>
        !r.config ? (
          '-'
        ) : r.config.sample ? (
          t('records:providers.sampleAddress')
        ) : (
          <TruncatedText value={r.config.baseUrl} />
        ),
    },
    {
      key: 'auth',
      header: c('authentication'),
      width: 170,
      render: (r) => (r.authentication ? t(`records:providers.authentication.${r.authentication}`) : '-'),
    },
    {
      key: 'limit',
      header: c('limit'),
      width: 190,
      render: (r) =>
        !r.config ? (
          '-'
        ) : (
          <Text size="sm" data-testid={`provider-usage-${r.provider}`}>
            {r.config.requestLimit === null
              ? t('records:providers.usageUnlimited', { used: n(r.config.requestsUsed), count: r.config.requestsUsed })
              : t('records:providers.usage', { used: n(r.config.requestsUsed), limit: n(r.config.requestLimit) })}
          </Text>
        ),
    },
    {
      key: 'edit',
      header: '',
      width: 110,
      render: (r) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconEdit size={14} />}
          onClick={() => onEdit(r.provider)}
          data-testid={`provider-edit-${r.provider}`}
        >
          {t(r.config ? 'records:providers.edit' : 'records:providers.configure')}
        </Button>
      ),
    },
  ];
  return <DataTable testId="providers-table" columns={columns} rows={rows} getId={(r) => r.provider} emptyText="" />;
}
