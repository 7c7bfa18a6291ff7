import { Card } from '@mantine/core';
import type { FichaWithRelations } from '../api/fichas-api';
import { BeneficiariesTable } from '../components/detail/RelatedPanel';
import { RelatedPersonsTable } from '../components/detail/RelatedPersonsTable';
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
  return (
    <RecordsLayout titleKey={`fichas:records.${mode}`}>
      {(ficha) =>
        mode === 'beneficiaries' ? (
          <Card withBorder padding="lg">
            <BeneficiariesTable fichaId={ficha.id} />
          </Card>
        ) : (
          <Card withBorder padding="lg">
            <RelatedPersonsTable
              rows={rowsOf(ficha, mode)}
              testId="records-table"
              emptyTestId="records-empty"
              withMatches
            />
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
