import { Button, Stack, Text } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { usePagedList } from '../../../app/query/usePagedList';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type BulkLoad, bulkApi } from '../api/bulk-api';
import { LoadErrorsModal } from '../components/LoadErrorsModal';
import { isRunning, LoadProgress, LoadStatusBadge } from '../components/LoadProgress';
import { SimilarRecordsModal } from '../components/SimilarRecordsModal';
import { bulkKeys } from '../keys';

/** /home/massiveBulks: every bulk load of the company with its author, status, progress and counts. */
export function BulkHistoryPage() {
  const { t } = useTranslation('bulk');
  const qc = useQueryClient();
  const [errorsOf, setErrorsOf] = useState<BulkLoad | null>(null);
  const { list, count, pagination } = usePagedList({
    where: {},
    order: 'createdAt DESC',
    listKey: bulkKeys.list,
    countKey: bulkKeys.count,
    fetchList: bulkApi.list,
    fetchCount: bulkApi.count,
  });
  useErrorToast(list.error ?? count.error);
  const running = (list.data ?? []).some(isRunning);
  // live progress: the history is read again every two seconds while a load moves
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void qc.invalidateQueries({ queryKey: bulkKeys.all }), 2000);
    return () => clearInterval(timer);
  }, [running, qc]);
  const waiting = (list.data ?? []).find((l) => l.bulkStatus === 'update') ?? null;

  const columns: Column<BulkLoad>[] = [
    { key: 'name', header: t('bulk:history.name'), render: (l) => <TruncatedText value={l.bulkName} /> },
    { key: 'type', header: t('bulk:history.type'), render: (l) => t(`bulk:types.${l.bulkType}`) },
    { key: 'author', header: t('bulk:history.author'), render: (l) => <TruncatedText value={l.bulkAuthor} /> },
    { key: 'date', header: t('bulk:history.date'), render: (l) => formatDate(l.bulkDate) },
    {
      key: 'status',
      header: t('bulk:history.status'),
      render: (l) => (
        <Stack gap={2}>
          <LoadStatusBadge load={l} />
          {l.fileError && (
            <Text size="xs" c="red.9">
              {l.fileError}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'progress', header: t('bulk:history.progress'), render: (l) => <LoadProgress load={l} /> },
    {
      key: 'counts',
      header: t('bulk:history.counts'),
      render: (l) => (
        <Text size="sm">
          {t('bulk:history.countsText', { created: l.created, updated: l.updated, failed: l.failed })}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: '',
      render: (l) =>
        l.failed > 0 || l.bulkStatus === 'error' || l.bulkStatus === 'done' ? (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconAlertTriangle size={14} />}
            onClick={() => setErrorsOf(l)}
            data-testid="bulk-view-errors"
          >
            {t('bulk:history.viewErrors')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('bulk:history.title')}>
        <Button component={Link} to="/tools/massiveUpload" leftSection={<IconUpload size={16} />}>
          {t('bulk:history.newLoad')}
        </Button>
      </PageHeader>
      <DataTable
        testId="bulk-history-table"
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('bulk:history.empty')}
        pagination={pagination}
      />
      <LoadErrorsModal load={errorsOf} onClose={() => setErrorsOf(null)} />
      <SimilarRecordsModal load={waiting} />
    </Stack>
  );
}
