import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { type Person, peopleApi } from '../api/platform-api';
import { platformKeys } from '../keys';
import { PepStatusBadge } from './PepStatusBadge';

/** The related (level 2) people of a primary PEP, and a way to add one. */
export function PepRelatedCard({ person }: { person: Person }) {
  const { t } = useTranslation('platform');
  const where = { primaryPersonId: person.id, isActive: { inq: [true, false] } };
  const related = useQuery({
    queryKey: platformKeys.related(person.id),
    queryFn: () => peopleApi.list(where, 'name asc', 100, 0),
  });
  const columns: Column<Person>[] = [
    {
      key: 'name',
      header: '',
      render: (r) => (
        <Anchor component={Link} to={`/regcheck/pep/${r.id}/edit`} size="sm">
          {r.name}
        </Anchor>
      ),
    },
    { key: 'dni', header: '', render: (r) => <Text size="sm">{r.dni}</Text> },
    {
      key: 'relation',
      header: '',
      render: (r) => (
        <Text size="sm">
          {r.relation ? t(`platform:pep.relations.${r.relation}`, { defaultValue: r.relation }) : '-'}
        </Text>
      ),
    },
    { key: 'status', header: '', render: (r) => <PepStatusBadge status={r.pepStatus} />, tooltip: false },
  ];
  return (
    <Card withBorder radius="md" padding="lg" maw={880}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('platform:pep.edit.related')}
          </Title>
          <Button
            component={Link}
            to={`/regcheck/pep/define?primary=${person.id}`}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            data-testid="pep-add-related"
          >
            {t('platform:pep.edit.addRelated')}
          </Button>
        </Group>
        <DataTable
          headless
          minWidth={0}
          columns={columns}
          rows={related.data}
          loading={related.isLoading}
          emptyText={t('platform:pep.edit.noRelated')}
        />
      </Stack>
    </Card>
  );
}
