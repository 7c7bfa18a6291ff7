import { Badge, Stack, Table, Text } from '@mantine/core';
import type { FichaHistoryEntryT } from '@regcheck/shared/schemas/fichas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fichasKeys } from '../../../../app/query/keys/fichas-keys';
import { useErrorToast } from '../../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../../app/ui/DataTable';
import { fichasApi } from '../../api/fichas-api';
import { formatHistoryValue } from '../../lib/history';

/**
 * The audited changes of a ficha (GET /fichas-clientes/{id}/history): who, when, what, and for each changed field
 * its value before and after; newest first, paginated, with loading and empty states.
 */
export function HistoryTable({ fichaId }: { fichaId: string }) {
  const { t, i18n } = useTranslation('fichas');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const history = useQuery({
    queryKey: fichasKeys.history(fichaId, page, pageSize),
    queryFn: () => fichasApi.history(fichaId, pageSize, (page - 1) * pageSize),
    placeholderData: keepPreviousData,
  });
  useErrorToast(history.error);

  const fieldLabel = (field: string) =>
    i18n.exists(`fichas:form.fields.${field}`) ? t(`fichas:form.fields.${field}`) : field;
  const value = (v: unknown) => formatHistoryValue(v, (k) => t(k)) || t('fichas:history.changes.noFields');

  const columns: Column<FichaHistoryEntryT>[] = [
    {
      key: 'when',
      header: t('fichas:history.changes.when'),
      width: 160,
      render: (e) => <Text size="sm">{new Date(e.createdAt).toLocaleString(i18n.language)}</Text>,
    },
    {
      key: 'who',
      header: t('fichas:history.changes.who'),
      width: 160,
      render: (e) => <Text size="sm">{e.userName ?? t('fichas:history.changes.system')}</Text>,
    },
    {
      key: 'what',
      header: t('fichas:history.changes.what'),
      render: (e) => (
        <Stack gap={4}>
          <Badge variant="light" size="sm">
            {i18n.exists(`fichas:history.changes.actions.${e.action}`)
              ? t(`fichas:history.changes.actions.${e.action}`)
              : e.action}
          </Badge>
          {e.changes.length > 0 && (
            <Table withRowBorders={false} verticalSpacing={2} fz="xs" data-testid="history-changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fichas:history.changes.field')}</Table.Th>
                  <Table.Th>{t('fichas:history.changes.before')}</Table.Th>
                  <Table.Th>{t('fichas:history.changes.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {e.changes.map((c) => (
                  <Table.Tr key={c.field}>
                    <Table.Td>{fieldLabel(c.field)}</Table.Td>
                    <Table.Td c="dimmed" style={{ wordBreak: 'break-word' }}>
                      {value(c.before)}
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{value(c.after)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <DataTable
      testId="ficha-history"
      columns={columns}
      rows={history.data?.data}
      getId={(e) => e.id}
      loading={history.isLoading}
      emptyText={t('fichas:history.changes.empty')}
      pagination={{
        page,
        pageSize,
        count: history.data?.count ?? 0,
        onPage: setPage,
        onPageSize: (s) => {
          setPageSize(s);
          setPage(1);
        },
      }}
    />
  );
}
