import { Anchor, Card, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FichaWithRelations } from '../api/fichas-api';
import { BeneficiariesTable } from '../components/detail/RelatedPanel';
import { RiskBadge } from '../components/RiskBadge';
import { RecordsLayout } from './RecordsLayout';

type Mode = 'representatives' | 'beneficiaries' | 'partners' | 'relatedCompanies';

const TYPES: Record<Exclude<Mode, 'beneficiaries'>, string[]> = {
  representatives: ['representant', 'both', 'manager'],
  partners: ['partners'],
  relatedCompanies: [],
};

function rowsOf(ficha: FichaWithRelations, mode: Exclude<Mode, 'beneficiaries'>) {
  if (mode === 'relatedCompanies') {
    // companies on either side of a relationship: the ones it holds shares in and the ones that hold it
    return [...ficha.relatedPersons, ...ficha.relatedTo].filter((r) => r.personType === 'legal');
  }
  return ficha.relatedPersons.filter((r) => TYPES[mode].includes(r.relationType));
}

function Page({ mode }: { mode: Mode }) {
  const { t } = useTranslation('fichas');
  return (
    <RecordsLayout titleKey={`fichas:records.${mode}`}>
      {(ficha) =>
        mode === 'beneficiaries' ? (
          <Card withBorder padding="lg">
            <BeneficiariesTable fichaId={ficha.id} />
          </Card>
        ) : (
          <Card withBorder padding="lg">
            {rowsOf(ficha, mode).length === 0 ? (
              <Text c="dimmed" data-testid="records-empty">
                {t('fichas:related.none')}
              </Text>
            ) : (
              <Table data-testid="records-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fichas:related.columns.name')}</Table.Th>
                    <Table.Th>{t('fichas:related.columns.dni')}</Table.Th>
                    <Table.Th>{t('fichas:related.columns.type')}</Table.Th>
                    <Table.Th>{t('fichas:related.columns.participation')}</Table.Th>
                    <Table.Th>{t('fichas:list.columns.risk')}</Table.Th>
                    <Table.Th>{t('fichas:list.columns.matches')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rowsOf(ficha, mode).map((r) => (
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
                      <Table.Td>{r.listasTotal}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
        )
      }
    </RecordsLayout>
  );
}

export const RepresentativesPage = () => <Page mode="representatives" />;
export const BeneficiariesPage = () => <Page mode="beneficiaries" />;
export const PartnersPage = () => <Page mode="partners" />;
export const RelatedCompaniesPage = () => <Page mode="relatedCompanies" />;
