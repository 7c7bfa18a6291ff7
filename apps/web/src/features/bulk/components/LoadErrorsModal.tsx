import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type BulkLoad, bulkApi, downloadErrors } from '../api/bulk-api';
import { bulkKeys } from '../keys';

/** The rows a load reported (row, column, value, message) and the download of the same list as xlsx. */
export function LoadErrorsModal({ load, onClose }: { load: BulkLoad | null; onClose: () => void }) {
  const { t } = useTranslation('bulk');
  const errors = useQuery({
    queryKey: bulkKeys.errors(load?.id ?? ''),
    queryFn: () => bulkApi.errors(load?.id ?? ''),
    enabled: !!load,
  });
  useErrorToast(errors.error);
  const dl = useMutation({
    mutationFn: () => downloadErrors(load?.id ?? ''),
    onError: (e) => notifyError(errorMessage(e)),
  });
  const rows = errors.data?.errors ?? [];
  return (
    <Modal
      opened={!!load}
      onClose={onClose}
      title={t('bulk:errorsDialog.title', { name: load?.bulkName ?? '' })}
      size="xl"
    >
      <Stack>
        <Group justify="space-between">
          <Text size="sm">{t('bulk:errorsDialog.summary', { count: rows.length })}</Text>
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() => dl.mutate()}
            loading={dl.isPending}
            disabled={rows.length === 0}
            data-testid="bulk-errors-download"
          >
            {t('bulk:errorsDialog.download')}
          </Button>
        </Group>
        {errors.isLoading ? (
          <Text c="dimmed">{t('bulk:loading')}</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('bulk:errorsDialog.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={600} mah={480}>
            <Table striped data-testid="bulk-errors-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bulk:report.row')}</Table.Th>
                  <Table.Th>{t('bulk:report.column')}</Table.Th>
                  <Table.Th>{t('bulk:report.value')}</Table.Th>
                  <Table.Th>{t('bulk:report.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, 500).map((e) => (
                  <Table.Tr key={`${e.row}-${e.column}-${e.message}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.column}</Table.Td>
                    <Table.Td>{e.value}</Table.Td>
                    <Table.Td>
                      {e.message}
                      {e.loaded ? ` (${t('bulk:errorsDialog.loadedAnyway')})` : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {rows.length > 500 && <Text size="sm">{t('bulk:errorsDialog.more', { count: rows.length - 500 })}</Text>}
      </Stack>
    </Modal>
  );
}
