import { Card, Group, Select, Skeleton, Text, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fichasKeys } from '../../../app/query/keys/fichas-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { DataTable } from '../../../app/ui/DataTable';
import { type AutomaticRelations, fichasApi } from '../api/fichas-api';
import { fichaNameColumn, fichaRiskColumn } from '../components/detail/RelatedPersonsTable';
import { RecordsLayout } from './RecordsLayout';

const LEVELS = ['1', '2', '3', '4', '5'];

function NodesTable({ rows }: { rows: AutomaticRelations['persons'] }) {
  const { t } = useTranslation('fichas');
  return (
    <DataTable
      minWidth={560}
      columns={[
        fichaNameColumn(t),
        { key: 'dni', header: t('fichas:related.columns.dni'), width: 140, render: (n) => n.dni },
        { key: 'level', header: t('fichas:automatic.level'), width: 80, render: (n) => n.level },
        {
          key: 'type',
          header: t('fichas:related.columns.type'),
          render: (n) => t(`fichas:relationTypes.${n.relationType}`),
        },
        {
          key: 'direction',
          header: t('fichas:automatic.direction'),
          render: (n) => t(`fichas:automatic.${n.direction}`),
        },
        fichaRiskColumn(t),
      ]}
      rows={rows}
      getId={(n) => `${n.fichaId}-${n.level}`}
      emptyText={t('fichas:related.none')}
    />
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
