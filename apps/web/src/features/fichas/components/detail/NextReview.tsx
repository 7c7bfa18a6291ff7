import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../app/format/format';
import type { Ficha, Review } from '../../api/fichas-api';
import { reviewTone } from '../../lib/review-form';

/**
 * The ficha's periodic review under its name: "Next review: <date>" (red with the word "Overdue" once the day has
 * passed, orange when due this month), or why there is none; and the last review, or that it never had one.
 */
export function NextReview({ ficha, last }: { ficha: Ficha; last: Review | undefined }) {
  const { t } = useTranslation('fichas');
  const tone = reviewTone(ficha.reviewState);
  const next = ficha.nextReviewAt;
  const stateText = t(`fichas:reviews.states.${ficha.reviewState}`);
  return (
    <Stack gap={2} data-testid="next-review" data-state={ficha.reviewState}>
      <Group gap={6} wrap="nowrap">
        <IconCalendarEvent
          size={16}
          aria-hidden
          color={tone.color ? `var(--mantine-color-${tone.color.replace('.', '-')})` : undefined}
        />
        {next ? (
          <Text
            size="sm"
            fw={ficha.reviewState === 'upToDate' ? 500 : 700}
            c={tone.color}
            data-testid="next-review-date"
          >
            {t('fichas:reviews.next', { date: formatDay(next) })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" data-testid="next-review-date">
            {ficha.lastReviewOutcome === 'relationshipEnded' ? t('fichas:reviews.ended') : t('fichas:reviews.noRisk')}
          </Text>
        )}
        {tone.badge && (
          <Badge size="sm" color={tone.badge} variant="light" data-testid="next-review-state">
            {stateText}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" data-testid="last-review">
        {ficha.lastReviewedAt
          ? t('fichas:reviews.lastReview', {
              date: formatDay(ficha.lastReviewedAt),
              who: last?.reviewedByName ?? t('fichas:history.changes.system'),
              outcome: ficha.lastReviewOutcome ? t(`fichas:reviews.outcomes.${ficha.lastReviewOutcome}`) : '',
            })
          : t('fichas:reviews.never', { date: formatDay(ficha.createdAt) })}
      </Text>
    </Stack>
  );
}
