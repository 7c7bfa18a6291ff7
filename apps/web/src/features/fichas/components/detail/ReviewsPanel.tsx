import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../../app/format/format';
import { errorMessage } from '../../../../app/query/errorMessage';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import type { Review } from '../../api/fichas-api';

/**
 * The Reviews tab: every review, newest first. Where the next review stands and the "Record review" action are in
 * the ficha's header (FichaDetailPage), above every tab.
 */
export function ReviewsPanel({ reviews }: { reviews: UseQueryResult<Review[]> }) {
  const { t } = useTranslation('fichas');
  const rows = reviews.data ?? [];
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
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" data-testid="reviews-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fichas:reviews.columns.date')}</Table.Th>
                  <Table.Th>{t('fichas:reviews.columns.who')}</Table.Th>
                  <Table.Th>{t('fichas:reviews.columns.outcome')}</Table.Th>
                  <Table.Th>{t('fichas:reviews.columns.checked')}</Table.Th>
                  <Table.Th>{t('fichas:reviews.columns.risk')}</Table.Th>
                  <Table.Th>{t('fichas:reviews.columns.next')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.reviewedAt)}</Table.Td>
                    <Table.Td>{r.reviewedByName ?? t('fichas:history.changes.system')}</Table.Td>
                    <Table.Td>{t(`fichas:reviews.outcomes.${r.outcome}`)}</Table.Td>
                    <Table.Td maw={360}>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {r.checked}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RiskBadge risk={r.risk} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {r.nextReviewAt ? formatDay(r.nextReviewAt) : t('fichas:reviews.noNext')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
