import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
import type { Ficha } from '../api/fichas-api';
import { reviewLook } from '../lib/review-form';

/** The list's next review: the day, in red with "Overdue" once passed, orange when due this month; why none. */
export function NextReviewCell({ ficha }: { ficha: Ficha }) {
  const { t } = useTranslation('fichas');
  const look = reviewLook(ficha.reviewState);
  if (!ficha.nextReviewAt)
    return (
      <Text size="sm" c="dimmed">
        {t('fichas:reviews.states.notScheduled')}
      </Text>
    );
  return (
    <Text size="sm" c={look.color} fw={look.late ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatDay(ficha.nextReviewAt)}
      {look.late && (
        <Text span size="xs" fw={600} c={look.color} display="block">
          {t(look.label)}
        </Text>
      )}
    </Text>
  );
}
