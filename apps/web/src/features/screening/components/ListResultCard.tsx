import { Badge, Button, Card, Collapse, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Hit, ListResult } from '../api/screening-api';
import { scorePercent } from '../lib/search-form';
import { HitExplanation } from './HitExplanation';

function HitRow({ hit }: { hit: Hit }) {
  const { t } = useTranslation('screening');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Table.Tr data-testid="hit-row">
        <Table.Td>{hit.name}</Table.Td>
        <Table.Td>{hit.matchedName}</Table.Td>
        <Table.Td>
          <Badge color={hit.score >= 0.9 ? 'red' : 'orange'} variant="filled">
            {scorePercent(hit.score)}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? t('screening:consult.hideExplanation') : t('screening:consult.explanation')}
          </Button>
        </Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Td colSpan={4} p={0} style={{ borderTop: open ? undefined : 'none' }}>
          <Collapse expanded={open}>
            <Stack p="sm">
              <Text size="xs" c="dimmed">
                {t('screening:consult.entityId')}: {hit.entityId}
              </Text>
              <HitExplanation hit={hit} />
            </Stack>
          </Collapse>
        </Table.Td>
      </Table.Tr>
    </>
  );
}

/** One list of the answer: its name and kind, the coincidence badge and the hits with score and explanation. */
export function ListResultCard({ list }: { list: ListResult }) {
  const { t } = useTranslation('screening');
  const name =
    list.kind === 'company' ? t(`screening:lists.${list.listId}`, { defaultValue: list.listName }) : list.listName;
  return (
    <Card withBorder padding="sm" data-testid={`list-result-${list.listId}`}>
      <Group justify="space-between" mb={list.hits.length ? 'xs' : 0}>
        <Group gap="xs">
          <Text fw={600}>{name}</Text>
          <Badge variant="outline" color="gray" size="sm">
            {t(`screening:consult.kinds.${list.kind}`)}
          </Badge>
        </Group>
        <Badge color={list.coincidence ? 'red' : 'green'} data-testid="coincidence-badge">
          {list.coincidence ? t('screening:consult.coincidence') : t('screening:consult.noCoincidence')}
        </Badge>
      </Group>
      {list.hits.length > 0 && (
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('screening:consult.name')}</Table.Th>
              <Table.Th>{t('screening:consult.matchedName')}</Table.Th>
              <Table.Th>{t('screening:consult.score')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.hits.map((h) => (
              <HitRow key={h.entityId} hit={h} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
