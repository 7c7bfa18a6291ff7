import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../../app/format/format';
import { errorMessage } from '../../../../app/query/errorMessage';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import type { Ficha, Review } from '../../api/fichas-api';
import { NextReview } from './NextReview';

/** The Reviews tab: where the next review stands, the "Record review" action and every review, newest first. */
export function ReviewsPanel({
  ficha,
  reviews,
  canRecord,
  onRecord,
}: {
  ficha: Ficha;
  reviews: UseQueryResult<Review[]>;
  canRecord: boolean;
  onRecord: () => void;
}) {
  const { t } = useTranslation('fichas');
  const rows = reviews.data ?? [];
  return (
    <Stack gap="md" data-testid="reviews-panel">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={6}>
            <Title order={3} size="h4">
              {t('fichas:reviews.title')}
            </Title>
            <NextReview ficha={ficha} last={rows[0]} />
          </Stack>
          {canRecord && (
            <Button leftSection={<IconClipboardCheck size={16} />} onClick={onRecord} data-testid="reviews-record">
              {t('fichas:reviews.record')}
            </Button>
          )}
        </Group>
      </Card>
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
