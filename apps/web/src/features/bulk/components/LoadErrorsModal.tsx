import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { DataTable } from '../../../app/ui/DataTable';
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
        <ScrollArea.Autosize mah={480}>
          <DataTable
            testId="bulk-errors-table"
            minWidth={600}
            columns={[
              { key: 'row', header: t('bulk:report.row'), width: 80, render: (e) => e.row },
              { key: 'column', header: t('bulk:report.column'), render: (e) => e.column },
              { key: 'value', header: t('bulk:report.value'), render: (e) => e.value },
              {
                key: 'message',
                header: t('bulk:report.message'),
                render: (e) => `${e.message}${e.loaded ? ` (${t('bulk:errorsDialog.loadedAnyway')})` : ''}`,
              },
            ]}
            rows={rows.slice(0, 500)}
            getId={(e) => `${e.row}-${e.column}-${e.message}`}
            loading={errors.isLoading}
            emptyText={t('bulk:errorsDialog.empty')}
          />
        </ScrollArea.Autosize>
        {rows.length > 500 && <Text size="sm">{t('bulk:errorsDialog.more', { count: rows.length - 500 })}</Text>}
      </Stack>
    </Modal>
  );
}
