import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RegistryAnswer } from '@regcheck/shared/schemas/records';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDni } from '../../../app/format/dni';
import { formatDay, formatNumber } from '../../../app/format/format';
import { RiskBadge } from '../../../app/ui/RiskBadge';
import { recordsApi } from '../api/records-api';
import { recordsKeys } from '../keys';
import { LookupStates } from './LookupStates';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '-'}</Text>
    </Stack>
  );
}

function RegistryFields({ d }: { d: RegistryAnswer }) {
  const { t, i18n } = useTranslation('records');
  const f = (k: string) => t(`records:registry.fields.${k}`);
  const status = `${t(`records:registry.status.${d.status}`)}${d.situacao_cadastral ? ` (${d.situacao_cadastral})` : ''}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="registry-fields">
      <Field label={f('name')}>{d.name}</Field>
      <Field label={f(d.kind)}>{displayDni(d.cnpj ?? d.cpf)}</Field>
      <Field label={f('situation')}>{status}</Field>
      {d.kind === 'cnpj' ? (
        <>
          <Field label={f('tradeName')}>{d.tradeName}</Field>
          <Field label={f('openingDate')}>{formatDay(d.abertura_data)}</Field>
          <Field label={f('cnae')}>{[d.cnae, d.cnaeDescription].filter(Boolean).join(' - ')}</Field>
          <Field label={f('legalNature')}>{d.legalNature}</Field>
          <Field label={f('socialCapital')}>
            {d.socialCapital != null ? `R$ ${formatNumber(d.socialCapital, i18n.language)}` : ''}
          </Field>
          <Field label={f('taxRegime')}>{d.taxRegime}</Field>
        </>
      ) : (
        <>
          <Field label={f('birthDate')}>{formatDay(d.data_nascimento)}</Field>
          <Field label={f('deathYear')}>{d.ano_obito}</Field>
          <Field label={f('pisPasep')}>{d.pisPasep}</Field>
          <Field label={f('nationality')}>{d.nationality}</Field>
        </>
      )}
      {d.message && <Field label={f('message')}>{d.message}</Field>}
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
