import { Anchor, Text } from '@mantine/core';
import type { InsurerProduct } from '@regcheck/shared/schemas/person-records';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDay } from '../../../app/format/format';
import type { Column } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { recordsApi } from '../api/records-api';
import { PagedTable } from '../components/PagedTable';
import { RecordFrame } from '../components/RecordFrame';
import { recordsKeys } from '../keys';
import { money } from '../lib/money';

/**
 * /home/records/:run/products-asociados: the insurer's products the person takes part in (as holder, insured,
 * beneficiary or payer), 10 a page; a policy number opens its detail.
 */
export function InsurerProductsPage() {
  const { t, i18n } = useTranslation(['records', 'shell']);
  const { run = '' } = useParams();
  const q = useQuery({
    queryKey: recordsKeys.page('insurer-products', run),
    queryFn: () => recordsApi.insurerProducts(run),
    retry: false,
  });
  const c = (k: string) => t(`records:insurer.columns.${k}`);
  const detail = `/home/records/${encodeURIComponent(run)}/policy-detail`;
  const columns: Column<InsurerProduct>[] = [
    { key: 'product', header: c('product'), render: (p) => <TruncatedText value={p.product} /> },
    { key: 'code', header: c('productCode'), render: (p) => p.productCode ?? '-', width: 100 },
    {
      key: 'policy',
      header: c('policyNumber'),
      width: 130,
      render: (p) =>
        p.policyNumber ? (
          <Anchor component={Link} to={`${detail}?policy=${encodeURIComponent(p.policyNumber)}`} size="sm">
            {p.policyNumber}
          </Anchor>
        ) : (
          '-'
        ),
    },
    { key: 'role', header: c('role'), render: (p) => t(`records:insurer.roles.${p.role}`), width: 120 },
    { key: 'start', header: c('startDate'), render: (p) => formatDay(p.startDate) || '-', width: 110 },
    { key: 'end', header: c('endDate'), render: (p) => formatDay(p.endDate) || '-', width: 110 },
    { key: 'status', header: c('status'), render: (p) => p.status ?? '-', width: 100 },
    {
      key: 'premium',
      header: c('premium'),
      render: (p) => money(p.premium, p.currency, i18n.language) || '-',
      width: 120,
    },
  ];
  return (
    <RecordFrame title={t('shell:routes.productsAsociados')} q={q}>
      {(v) => (
        <>
          <Text>{t('records:insurer.productsFound', { count: v.products.length })}</Text>
          <PagedTable
            testId="insurer-products"
            rows={v.products}
            columns={columns}
            getId={(p) => `${p.productCode}|${p.policyNumber}|${p.role}`}
            emptyText={t('records:insurer.noProducts')}
          />
        </>
      )}
    </RecordFrame>
  );
}
