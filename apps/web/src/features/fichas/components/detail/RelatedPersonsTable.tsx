import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../../app/ui/DataTable';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import type { FichaWithRelations } from '../../api/fichas-api';

export type RelatedPerson = FichaWithRelations['relatedPersons'][number];

type T = (key: string) => string;

/** The related person's name, linked to their ficha: the first column of every table of related persons. */
export function fichaNameColumn<R extends { fichaId: string; fullName: string }>(t: T): Column<R> {
  return {
    key: 'name',
    header: t('fichas:related.columns.name'),
    render: (r) => (
      <Anchor component={Link} to={`/home/fichas/${r.fichaId}`} size="sm">
        {r.fullName}
      </Anchor>
    ),
  };
}

/** The related person's risk badge. */
export function fichaRiskColumn<R extends { risk: string | null }>(t: T): Column<R> {
  return { key: 'risk', header: t('fichas:list.columns.risk'), render: (r) => <RiskBadge risk={r.risk} />, width: 110 };
}

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
  const columns: Column<RelatedPerson>[] = [
    fichaNameColumn(t),
    { key: 'dni', header: t('fichas:related.columns.dni'), render: (r) => r.dniFormatted, width: 140 },
    {
      key: 'type',
      header: t('fichas:related.columns.type'),
      render: (r) => t(`fichas:relationTypes.${r.relationType}`),
    },
    {
      key: 'participation',
      header: t('fichas:related.columns.participation'),
      render: (r) => (r.participation == null ? '-' : `${r.participation}%`),
      width: 110,
    },
    fichaRiskColumn(t),
    ...(withMatches
      ? [{ key: 'matches', header: t('fichas:list.columns.matches'), render: (r: RelatedPerson) => r.listasTotal }]
      : []),
  ];
  return (
    <DataTable
      testId={testId}
      columns={columns}
      rows={rows}
      getId={(r) => r.relationshipId}
      emptyText={t('fichas:related.none')}
      minWidth={560}
    />
  );
}
