import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
        {related.data?.length ? (
          <Table>
            <Table.Tbody>
              {related.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/regcheck/pep/${r.id}/edit`} size="sm">
                      {r.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.dni}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {r.relation ? t(`platform:pep.relations.${r.relation}`, { defaultValue: r.relation }) : '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <PepStatusBadge status={r.pepStatus} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {t('platform:pep.edit.noRelated')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
