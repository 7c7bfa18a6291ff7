import { Stack, Text } from '@mantine/core';
import type { FichaHistoryEntryT } from '@regcheck/shared/schemas/fichas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../app/format/format';
import { fichasKeys } from '../../../../app/query/keys/fichas-keys';
import { useErrorToast } from '../../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../../app/ui/DataTable';
import { usePaging } from '../../../../app/ui/usePaging';
import { fichasApi } from '../../api/fichas-api';
import { historySentences } from '../../lib/history-sentences';

/**
 * The audited changes of a ficha (GET /fichas-clientes/{id}/history) as sentences: when, who, and what happened
 * in words ("Camila Soto cambió el correo de a@x.cl a b@x.cl"); newest first, paginated, with loading and empty
 * states.
 */
export function HistoryTable({ fichaId }: { fichaId: string }) {
  const { t, i18n } = useTranslation('fichas');
  const paging = usePaging({ resetOn: fichaId, pageSize: 10 });
  const history = useQuery({
    queryKey: fichasKeys.history(fichaId, paging.page, paging.pageSize),
    queryFn: () => fichasApi.history(fichaId, paging.limit, paging.skip),
    placeholderData: keepPreviousData,
  });
  useErrorToast(history.error);
  const ctx = { t, exists: (k: string) => i18n.exists(k), locale: i18n.language };

  const columns: Column<FichaHistoryEntryT>[] = [
    {
      key: 'when',
      header: t('fichas:history.changes.when'),
      width: 150,
      render: (e) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(e.createdAt)}
        </Text>
      ),
    },
    {
      key: 'who',
      header: t('fichas:history.changes.who'),
      width: 180,
      render: (e) => <Text size="sm">{e.userName ?? t('fichas:history.changes.system')}</Text>,
    },
    {
      key: 'what',
      header: t('fichas:history.changes.what'),
      render: (e) => (
        <Stack gap={2} data-testid="history-sentences">
          {historySentences(e, ctx).map((s) => (
            <Text key={s} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {s}
            </Text>
          ))}
        </Stack>
      ),
    },
  ];

  return (
    <DataTable
      testId="ficha-history"
      columns={columns}
      {...paging.of(history)}
      emptyText={t('fichas:history.changes.empty')}
    />
  );
}
