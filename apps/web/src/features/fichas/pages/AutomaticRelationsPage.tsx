import { Anchor, Card, Group, Select, Skeleton, Table, Text, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fichasKeys } from '../../../app/query/keys/fichas-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { RiskBadge } from '../../../app/ui/RiskBadge';
import { type AutomaticRelations, fichasApi } from '../api/fichas-api';
import { RecordsLayout } from './RecordsLayout';

const LEVELS = ['1', '2', '3', '4', '5'];

function NodesTable({ rows }: { rows: AutomaticRelations['persons'] }) {
  const { t } = useTranslation('fichas');
  if (rows.length === 0) return <Text c="dimmed">{t('fichas:related.none')}</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('fichas:related.columns.name')}</Table.Th>
          <Table.Th>{t('fichas:related.columns.dni')}</Table.Th>
          <Table.Th>{t('fichas:automatic.level')}</Table.Th>
          <Table.Th>{t('fichas:related.columns.type')}</Table.Th>
          <Table.Th>{t('fichas:automatic.direction')}</Table.Th>
          <Table.Th>{t('fichas:list.columns.risk')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((n) => (
          <Table.Tr key={`${n.fichaId}-${n.level}`}>
            <Table.Td>
              <Anchor component={Link} to={`/home/fichas/${n.fichaId}`} size="sm">
                {n.fullName}
              </Anchor>
            </Table.Td>
            <Table.Td>{n.dni}</Table.Td>
            <Table.Td>{n.level}</Table.Td>
            <Table.Td>{t(`fichas:relationTypes.${n.relationType}`)}</Table.Td>
            <Table.Td>{t(`fichas:automatic.${n.direction}`)}</Table.Td>
            <Table.Td>
              <RiskBadge risk={n.risk} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Relations({ fichaId }: { fichaId: string }) {
  const { t } = useTranslation('fichas');
  const [distance, setDistance] = useState('1');
  const q = useQuery({
    queryKey: fichasKeys.automatic(fichaId, distance),
    queryFn: () => fichasApi.automaticRelations(fichaId, Number(distance)),
  });
  useErrorToast(q.error);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="md">
        <Select
          label={t('fichas:automatic.levels')}
          data={LEVELS}
          value={distance}
          onChange={(v) => v && setDistance(v)}
          w={140}
          data-testid="automatic-levels"
        />
        {q.data && (
          <Text size="sm" c="dimmed">
            {t('fichas:automatic.lastConsultation', {
              date: q.data.lastConsultationDate ? formatDate(q.data.lastConsultationDate) : '-',
            })}
          </Text>
        )}
      </Group>
      {q.isLoading && <Skeleton height={120} />}
      {q.data && (
        <>
          <Title order={4} size="h5" mb="xs">
            {t('fichas:automatic.persons')}
          </Title>
          <NodesTable rows={q.data.persons} />
          <Title order={4} size="h5" mt="md" mb="xs">
            {t('fichas:automatic.companies')}
          </Title>
          <NodesTable rows={q.data.companies} />
        </>
      )}
    </Card>
  );
}

/** /home/records/:run/automaticRelations: related persons and companies from the company's data, levels 1 to 5. */
export function AutomaticRelationsPage() {
  return (
    <RecordsLayout titleKey="fichas:records.automaticRelations">
      {(ficha) => <Relations fichaId={ficha.id} />}
    </RecordsLayout>
  );
}
