import { Anchor, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fichasKeys } from '../../../../app/query/keys/fichas-keys';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import { type FichaWithRelations, fichasApi } from '../../api/fichas-api';
import { RelatedPersonsTable } from './RelatedPersonsTable';

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
      {b.beneficiaries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('fichas:related.none')}
        </Text>
      ) : (
        <Table data-testid="beneficiaries-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fichas:related.columns.name')}</Table.Th>
              <Table.Th>{t('fichas:related.columns.dni')}</Table.Th>
              <Table.Th>{t('fichas:related.columns.direct')}</Table.Th>
              <Table.Th>{t('fichas:related.columns.indirect')}</Table.Th>
              <Table.Th>{t('fichas:related.columns.total')}</Table.Th>
              <Table.Th>{t('fichas:related.columns.basis')}</Table.Th>
              <Table.Th>{t('fichas:list.columns.risk')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.beneficiaries.map((r) => (
              <Table.Tr key={r.fichaId}>
                <Table.Td>
                  <Anchor component={Link} to={`/home/fichas/${r.fichaId}`} size="sm">
                    {r.fullName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.dniFormatted}</Table.Td>
                <Table.Td>{`${r.directParticipation}%`}</Table.Td>
                <Table.Td>{`${Math.round((r.participation - r.directParticipation) * 100) / 100}%`}</Table.Td>
                <Table.Td>{`${r.participation}%`}</Table.Td>
                <Table.Td>{t(`fichas:related.basis.${r.basis}`)}</Table.Td>
                <Table.Td>
                  <RiskBadge risk={r.risk} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
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
