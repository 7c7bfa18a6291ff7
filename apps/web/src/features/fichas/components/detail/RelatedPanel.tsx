import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fichasKeys } from '../../../../app/query/keys/fichas-keys';
import { DataTable } from '../../../../app/ui/DataTable';
import { type FichaWithRelations, fichasApi } from '../../api/fichas-api';
import { fichaNameColumn, fichaRiskColumn, RelatedPersonsTable } from './RelatedPersonsTable';

/** Beneficial owners with direct and indirect (multiplied along each chain) ownership, and the basis. */
export function BeneficiariesTable({ fichaId }: { fichaId: string }) {
  const { t } = useTranslation('fichas');
  const q = useQuery({
    queryKey: fichasKeys.beneficiaries(fichaId),
    queryFn: () => fichasApi.beneficiaries(fichaId),
  });
  if (!q.data)
    return (
      <Text c="dimmed" size="sm">
        {q.error?.message ?? t('fichas:loading')}
      </Text>
    );
  const b = q.data;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t(b.inclusive ? 'fichas:related.thresholdInclusive' : 'fichas:related.threshold', { threshold: b.threshold })}
      </Text>
      {b.unresolved && <Badge color="red">{t('fichas:related.unresolved')}</Badge>}
      <DataTable
        testId="beneficiaries-table"
        minWidth={560}
        columns={[
          fichaNameColumn(t),
          { key: 'dni', header: t('fichas:related.columns.dni'), width: 140, render: (r) => r.dniFormatted },
          {
            key: 'direct',
            header: t('fichas:related.columns.direct'),
            width: 90,
            render: (r) => `${r.directParticipation}%`,
          },
          {
            key: 'indirect',
            header: t('fichas:related.columns.indirect'),
            width: 90,
            render: (r) => `${Math.round((r.participation - r.directParticipation) * 100) / 100}%`,
          },
          { key: 'total', header: t('fichas:related.columns.total'), width: 90, render: (r) => `${r.participation}%` },
          {
            key: 'basis',
            header: t('fichas:related.columns.basis'),
            render: (r) => t(`fichas:related.basis.${r.basis}`),
          },
          fichaRiskColumn(t),
        ]}
        rows={b.beneficiaries}
        getId={(r) => r.fichaId}
        emptyText={t('fichas:related.none')}
      />
    </Stack>
  );
}

/** Related persons of a ficha by kind, and the fichas this one is related to. */
export function RelatedPanel({ ficha }: { ficha: FichaWithRelations }) {
  const { t } = useTranslation('fichas');
  const of = (...types: string[]) => ficha.relatedPersons.filter((r) => types.includes(r.relationType));
  const card = (title: string, body: React.ReactNode) => (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {body}
    </Card>
  );
  return (
    <Stack gap="md">
      {card(
        t('fichas:related.representatives'),
        <RelatedPersonsTable rows={of('representant', 'both', 'manager')} testId="representatives-table" />,
      )}
      {ficha.personType === 'legal' &&
        card(t('fichas:related.beneficiaries'), <BeneficiariesTable fichaId={ficha.id} />)}
      {ficha.personType === 'legal' &&
        card(
          t('fichas:related.declared'),
          <RelatedPersonsTable
            rows={of('beneficiary', 'effectiveControl', 'effectivecontrol', 'declarant')}
            testId="declared-table"
          />,
        )}
      {ficha.personType === 'legal' &&
        card(t('fichas:related.partners'), <RelatedPersonsTable rows={of('partners')} testId="partners-table" />)}
      {card(t('fichas:related.relatedTo'), <RelatedPersonsTable rows={ficha.relatedTo} testId="related-to-table" />)}
    </Stack>
  );
}
