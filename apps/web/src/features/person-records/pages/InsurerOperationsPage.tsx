import { Text } from '@mantine/core';
import type { InsurerOperation } from '@regcheck/shared/schemas/person-records';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDay } from '../../../app/format/format';
import type { Column } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { recordsApi } from '../api/records-api';
import { PagedTable } from '../components/PagedTable';
import { RecordFrame } from '../components/RecordFrame';
import { recordsKeys } from '../keys';
import { money } from '../lib/money';

/** /home/records/:run/consorcio-operations: the person's operations in the insurer's system, newest first, 10 a page. */
export function InsurerOperationsPage() {
  const { t, i18n } = useTranslation(['records', 'shell']);
  const { run = '' } = useParams();
  const q = useQuery({
    queryKey: recordsKeys.page('insurer-operations', run),
    queryFn: () => recordsApi.insurerOperations(run),
    retry: false,
  });
  const c = (k: string) => t(`records:insurer.columns.${k}`);
  const columns: Column<InsurerOperation>[] = [
    { key: 'date', header: c('date'), render: (o) => formatDay(o.date) || '-', width: 110 },
    { key: 'type', header: c('type'), render: (o) => <TruncatedText value={o.type} /> },
    { key: 'policy', header: c('policyNumber'), render: (o) => o.policyNumber ?? '-', width: 120 },
    { key: 'product', header: c('product'), render: (o) => <TruncatedText value={o.product} /> },
    {
      key: 'amount',
      header: c('amount'),
      render: (o) => money(o.amount, o.currency, i18n.language) || '-',
      width: 130,
    },
    { key: 'channel', header: c('channel'), render: (o) => o.channel ?? '-', width: 110 },
    { key: 'status', header: c('status'), render: (o) => o.status ?? '-', width: 110 },
  ];
  return (
    <RecordFrame title={t('shell:routes.consorcioOperations')} q={q}>
      {(v) => (
        <>
          <Text>{t('records:insurer.operationsFound', { count: v.operations.length })}</Text>
          <PagedTable
            testId="insurer-operations"
            rows={v.operations}
            columns={columns}
            getId={(o) => o.id}
            emptyText={t('records:insurer.noOperations')}
          />
        </>
      )}
    </RecordFrame>
  );
}
