import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RegistryAnswer } from '@regcheck/shared/schemas/records';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayDni } from '../../../app/format/dni';
import { formatDay, formatNumber } from '../../../app/format/format';
import { LabeledValue } from '../../../app/ui/LabeledValue';
import { RiskBadge } from '../../../app/ui/RiskBadge';
import { recordsApi } from '../api/records-api';
import { recordsKeys } from '../keys';
import { LookupStates } from './LookupStates';

function RegistryFields({ d }: { d: RegistryAnswer }) {
  const { t, i18n } = useTranslation('records');
  const f = (k: string) => t(`records:registry.fields.${k}`);
  const status = `${t(`records:registry.status.${d.status}`)}${d.situacao_cadastral ? ` (${d.situacao_cadastral})` : ''}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="registry-fields">
      <LabeledValue label={f('name')}>{d.name}</LabeledValue>
      <LabeledValue label={f(d.kind)}>{displayDni(d.cnpj ?? d.cpf)}</LabeledValue>
      <LabeledValue label={f('situation')}>{status}</LabeledValue>
      {d.kind === 'cnpj' ? (
        <>
          <LabeledValue label={f('tradeName')}>{d.tradeName}</LabeledValue>
          <LabeledValue label={f('openingDate')}>{formatDay(d.abertura_data)}</LabeledValue>
          <LabeledValue label={f('cnae')}>{[d.cnae, d.cnaeDescription].filter(Boolean).join(' - ')}</LabeledValue>
          <LabeledValue label={f('legalNature')}>{d.legalNature}</LabeledValue>
          <LabeledValue label={f('socialCapital')}>
            {d.socialCapital != null ? `R$ ${formatNumber(d.socialCapital, i18n.language)}` : ''}
          </LabeledValue>
          <LabeledValue label={f('taxRegime')}>{d.taxRegime}</LabeledValue>
        </>
      ) : (
        <>
          <LabeledValue label={f('birthDate')}>{formatDay(d.data_nascimento)}</LabeledValue>
          <LabeledValue label={f('deathYear')}>{d.ano_obito}</LabeledValue>
          <LabeledValue label={f('pisPasep')}>{d.pisPasep}</LabeledValue>
          <LabeledValue label={f('nationality')}>{d.nationality}</LabeledValue>
        </>
      )}
      {d.message && <LabeledValue label={f('message')}>{d.message}</LabeledValue>}
    </SimpleGrid>
  );
}

/**
 * The Receita Federal registry data of the person's CPF or CNPJ (validadorCPF-CNPJ): the provider's answer with
 * the validator's risk, "not configured" when the company has no registry provider, the provider error otherwise.
 */
export function RegistryLookupCard({ run }: { run: string }) {
  const { t } = useTranslation('records');
  const q = useQuery({
    queryKey: recordsKeys.registry(run),
    queryFn: () => recordsApi.registry(run),
    retry: false,
  });
  const v = q.data;
  return (
    <Card withBorder padding="lg" data-testid="registry-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('records:registry.title')}</Title>
          {v?.data && (
            <Group gap="xs">
              <Text size="sm">{t('records:registry.risk')}</Text>
              <RiskBadge risk={v.data.risk} />
            </Group>
          )}
        </Group>
        <LookupStates q={q} skeletonHeight={120}>
          {(a) => (
            <>
              {a.state === 'notFound' && (
                <Alert color="yellow" data-testid="registry-not-found">
                  {t('records:registry.notFound')}
                </Alert>
              )}
              {a.data && <RegistryFields d={a.data} />}
            </>
          )}
        </LookupStates>
      </Stack>
    </Card>
  );
}
