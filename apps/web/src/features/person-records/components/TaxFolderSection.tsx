import { Anchor, SimpleGrid } from '@mantine/core';
import type { TaxFolderAnswer, TaxFolderTab } from '@regcheck/shared/schemas/person-records';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, formatNumber } from '../../../app/format/format';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { shownDocument as displayDni } from '../lib/document';
import { money } from '../lib/money';
import { Field } from './Field';
import { PagedTable } from './PagedTable';

type Folder = TaxFolderAnswer;
type Row<K extends keyof Folder> = Folder[K] extends (infer R)[] ? R : never;

/** A month YYYY-MM as mm/yyyy. */
export const periodOf = (p: string) => `${p.slice(5, 7)}/${p.slice(0, 4)}`;

/**
 * One section of the SII tax folder: the taxpayer's data, or one of its tables; paged (10, 25, 50) on the tabs,
 * whole in the printable view. Declarations link to their own view (carpetaTributaria/view/{id}).
 */
export function TaxFolderSection({
  folder,
  section,
  paged,
  viewBase,
}: {
  folder: Folder;
  section: TaxFolderTab;
  paged: boolean;
  viewBase: string;
}) {
  const { t, i18n } = useTranslation('records');
  const c = (k: string) => t(`records:taxFolder.columns.${k}`);
  const clp = (n: number | null) => money(n, 'CLP', i18n.language) || '-';
  const pct = (n: number | null) => (n == null ? '-' : `${formatNumber(n, i18n.language)} %`);
  const table = <T,>(rows: T[], columns: Column<T>[], getId: (r: T) => string): ReactNode =>
    paged ? (
      <PagedTable
        testId={`tax-${section}`}
        rows={rows}
        columns={columns}
        getId={getId}
        emptyText={t('records:taxFolder.empty')}
      />
    ) : (
      <DataTable
        testId={`tax-${section}`}
        rows={rows}
        columns={columns}
        getId={getId}
        emptyText={t('records:taxFolder.empty')}
      />
    );
  const link = (id: string, text: string) => (
    <Anchor component={Link} to={`${viewBase}/${encodeURIComponent(id)}`} size="sm">
      {text}
    </Anchor>
  );

  switch (section) {
    case 'taxpayer': {
      const p = folder.taxpayer;
      return (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="tax-taxpayer">
          <Field label={c('name')}>{p.name}</Field>
          <Field label={c('rut')}>{displayDni(p.rut)}</Field>
          <Field label={c('activityStart')}>{formatDay(p.activityStart)}</Field>
          <Field label={c('category')}>{p.category}</Field>
          <Field label={c('taxRegime')}>{p.taxRegime}</Field>
          <Field label={c('address')}>{[p.address, p.commune, p.region].filter(Boolean).join(', ')}</Field>
        </SimpleGrid>
      );
    }
    case 'activities':
      return table<Row<'activities'>>(
        folder.activities,
        [
          { key: 'code', header: c('code'), render: (a) => a.code, width: 100 },
          { key: 'description', header: c('description'), render: (a) => a.description },
          { key: 'category', header: c('category'), render: (a) => a.category ?? '-', width: 110 },
          {
            key: 'vat',
            header: c('vatAffected'),
            width: 110,
            render: (a) => (a.vatAffected == null ? '-' : t(a.vatAffected ? 'records:yes' : 'records:no')),
          },
          { key: 'start', header: c('startDate'), render: (a) => formatDay(a.startDate) || '-', width: 110 },
        ],
        (a) => a.code,
      );
    case 'representatives':
      return table<Row<'representatives'>>(
        folder.representatives,
        [
          { key: 'rut', header: c('rut'), render: (r) => displayDni(r.rut), width: 140 },
          { key: 'name', header: c('name'), render: (r) => r.name },
          { key: 'since', header: c('since'), render: (r) => formatDay(r.since) || '-', width: 110 },
        ],
        (r) => r.rut,
      );
    case 'partners':
      return table<Row<'partners'>>(
        folder.partners,
        [
          { key: 'rut', header: c('rut'), render: (r) => displayDni(r.rut), width: 140 },
          { key: 'name', header: c('name'), render: (r) => r.name },
          { key: 'capital', header: c('capitalShare'), render: (r) => pct(r.capitalShare), width: 120 },
          { key: 'profit', header: c('profitShare'), render: (r) => pct(r.profitShare), width: 120 },
          { key: 'since', header: c('since'), render: (r) => formatDay(r.since) || '-', width: 110 },
        ],
        (r) => r.rut,
      );
    case 'vat':
      return table<Row<'vatDeclarations'>>(
        folder.vatDeclarations,
        [
          { key: 'period', header: c('period'), render: (d) => link(d.id, periodOf(d.period)), width: 100 },
          { key: 'folio', header: c('folio'), render: (d) => d.folio ?? '-', width: 120 },
          { key: 'sales', header: c('salesAmount'), render: (d) => clp(d.salesAmount) },
          { key: 'purchases', header: c('purchasesAmount'), render: (d) => clp(d.purchasesAmount) },
          { key: 'vat', header: c('vatPayable'), render: (d) => clp(d.vatPayable) },
          { key: 'filed', header: c('filedAt'), render: (d) => formatDay(d.filedAt) || '-', width: 110 },
        ],
        (d) => d.id,
      );
    case 'income':
      return table<Row<'incomeDeclarations'>>(
        folder.incomeDeclarations,
        [
          { key: 'year', header: c('taxYear'), render: (d) => link(d.id, String(d.taxYear)), width: 100 },
          { key: 'folio', header: c('folio'), render: (d) => d.folio ?? '-', width: 120 },
          { key: 'gross', header: c('grossIncome'), render: (d) => clp(d.grossIncome) },
          { key: 'taxable', header: c('taxableIncome'), render: (d) => clp(d.taxableIncome) },
          { key: 'tax', header: c('taxAmount'), render: (d) => clp(d.taxAmount) },
          { key: 'filed', header: c('filedAt'), render: (d) => formatDay(d.filedAt) || '-', width: 110 },
        ],
        (d) => d.id,
      );
    case 'properties':
      return table<Row<'properties'>>(
        folder.properties,
        [
          { key: 'role', header: c('role'), render: (p) => p.role, width: 110 },
          { key: 'commune', header: c('commune'), render: (p) => p.commune ?? '-' },
          { key: 'address', header: c('address'), render: (p) => <TruncatedText value={p.address} /> },
          { key: 'use', header: c('use'), render: (p) => p.use ?? '-' },
          { key: 'appraisal', header: c('appraisal'), render: (p) => clp(p.appraisal) },
        ],
        (p) => p.role,
      );
  }
}
