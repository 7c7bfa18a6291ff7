import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../app/format/format';
import type { Ficha, Review } from '../../api/fichas-api';
import { reviewLook } from '../../lib/review-form';

/** Whether the newest review the reviews request answered is the ficha's last review (not loading, not older). */
const isLastReview = (ficha: Ficha, last: Review | undefined): last is Review =>
  !!last && !!ficha.lastReviewedAt && new Date(last.reviewedAt).getTime() === new Date(ficha.lastReviewedAt).getTime();

/**
 * The ficha's periodic review under its name: "Next review: <date>" (red with the word "Overdue" once the day has
 * passed, orange when due this month), or why there is none; and the last review, or that it never had one. The
 * reviewer is named once the reviews have arrived and the newest is the ficha's last review; until then (or when
 * they could not be read) the date and the outcome are shown without a name.
 */
export function NextReview({ ficha, last }: { ficha: Ficha; last: Review | undefined }) {
  const { t } = useTranslation('fichas');
  const look = reviewLook(ficha.reviewState);
  const next = ficha.nextReviewAt;
  const stateText = t(look.label);
  const outcome = ficha.lastReviewOutcome ? t(`fichas:reviews.outcomes.${ficha.lastReviewOutcome}`) : '';
  return (
    <Stack gap={2} data-testid="next-review" data-state={ficha.reviewState}>
      <Group gap={6} wrap="nowrap">
        <IconCalendarEvent
          size={16}
          aria-hidden
          color={look.color ? `var(--mantine-color-${look.color.replace('.', '-')})` : undefined}
        />
        {next ? (
          <Text size="sm" fw={look.late ? 700 : 500} c={look.color} data-testid="next-review-date">
            {t('fichas:reviews.next', { date: formatDay(next) })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" data-testid="next-review-date">
            {ficha.lastReviewOutcome === 'relationshipEnded' ? t('fichas:reviews.ended') : t('fichas:reviews.noRisk')}
          </Text>
        )}
        {look.badge && (
          <Badge size="sm" color={look.badge} variant="light" data-testid="next-review-state">
            {stateText}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" data-testid="last-review">
        {!ficha.lastReviewedAt
          ? t('fichas:reviews.never', { date: formatDay(ficha.createdAt) })
          : isLastReview(ficha, last)
            ? t('fichas:reviews.lastReview', {
                date: formatDay(ficha.lastReviewedAt),
                who: last.reviewedByName ?? t('fichas:history.changes.system'),
                outcome,
              })
            : t('fichas:reviews.lastReviewUnnamed', { date: formatDay(ficha.lastReviewedAt), outcome })}
      </Text>
    </Stack>
  );
}
