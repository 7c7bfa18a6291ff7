import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../../app/format/format';
import { errorMessage } from '../../../../app/query/errorMessage';
import { type Column, DataTable } from '../../../../app/ui/DataTable';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import type { Review } from '../../api/fichas-api';

/**
 * The Reviews tab: every review, newest first. Where the next review stands and the "Record review" action are in
 * the ficha's header (FichaDetailPage), above every tab.
 */
export function ReviewsPanel({ reviews }: { reviews: UseQueryResult<Review[]> }) {
  const { t } = useTranslation('fichas');
  const rows = reviews.data ?? [];
  const columns: Column<Review>[] = [
    { key: 'date', header: t('fichas:reviews.columns.date'), render: (r) => formatDateTime(r.reviewedAt), width: 150 },
    {
      key: 'who',
      header: t('fichas:reviews.columns.who'),
      render: (r) => r.reviewedByName ?? t('fichas:history.changes.system'),
    },
    {
      key: 'outcome',
      header: t('fichas:reviews.columns.outcome'),
      render: (r) => t(`fichas:reviews.outcomes.${r.outcome}`),
    },
    {
      key: 'checked',
      header: t('fichas:reviews.columns.checked'),
      width: '32%',
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {r.checked}
        </Text>
      ),
    },
    { key: 'risk', header: t('fichas:reviews.columns.risk'), render: (r) => <RiskBadge risk={r.risk} />, width: 110 },
    {
      key: 'next',
      header: t('fichas:reviews.columns.next'),
      width: 120,
      render: (r) => (r.nextReviewAt ? formatDay(r.nextReviewAt) : t('fichas:reviews.noNext')),
    },
  ];
  return (
    <Stack gap="md" data-testid="reviews-panel">
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="sm">
          {t('fichas:reviews.history')}
        </Title>
        {reviews.isLoading ? (
          <Text c="dimmed">{t('fichas:loading')}</Text>
        ) : reviews.error ? (
          <Alert color="red" title={t('fichas:reviews.loadError')}>
            {errorMessage(reviews.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" data-testid="reviews-empty">
            {t('fichas:reviews.empty')}
          </Text>
        ) : (
          <DataTable
            testId="reviews-table"
            columns={columns}
            rows={rows}
            emptyText={t('fichas:reviews.empty')}
            minWidth={760}
          />
        )}
      </Card>
    </Stack>
  );
}
