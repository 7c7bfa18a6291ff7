import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import type { FichaWithRelations } from '../../api/fichas-api';

export type RelatedPerson = FichaWithRelations['relatedPersons'][number];

interface Props {
  rows: RelatedPerson[];
  testId: string;
  /** data-testid of the "none" text shown when there are no rows. */
  emptyTestId?: string;
  /** Adds the list-matches column (the /home/records pages show it). */
  withMatches?: boolean;
}

/** Related persons of a ficha: name (linked to its ficha), document, relation type, participation and risk. */
export function RelatedPersonsTable({ rows, testId, emptyTestId, withMatches = false }: Props) {
  const { t } = useTranslation('fichas');
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid={emptyTestId}>
        {t('fichas:related.none')}
      </Text>
    );
  return (
    <Table data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('fichas:related.columns.name')}</Table.Th>
          <Table.Th>{t('fichas:related.columns.dni')}</Table.Th>
          <Table.Th>{t('fichas:related.columns.type')}</Table.Th>
          <Table.Th>{t('fichas:related.columns.participation')}</Table.Th>
          <Table.Th>{t('fichas:list.columns.risk')}</Table.Th>
          {withMatches && <Table.Th>{t('fichas:list.columns.matches')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.relationshipId}>
            <Table.Td>
              <Anchor component={Link} to={`/home/fichas/${r.fichaId}`} size="sm">
                {r.fullName}
              </Anchor>
            </Table.Td>
            <Table.Td>{r.dniFormatted}</Table.Td>
            <Table.Td>{t(`fichas:relationTypes.${r.relationType}`)}</Table.Td>
            <Table.Td>{r.participation == null ? '-' : `${r.participation}%`}</Table.Td>
            <Table.Td>
              <RiskBadge risk={r.risk} />
            </Table.Td>
            {withMatches && <Table.Td>{r.listasTotal}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
