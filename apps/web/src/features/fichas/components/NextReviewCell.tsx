import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
import type { Ficha } from '../api/fichas-api';
import { reviewTone } from '../lib/review-form';

/** The list's next review: the day, in red with "Overdue" once passed, orange when due this month; why none. */
export function NextReviewCell({ ficha }: { ficha: Ficha }) {
  const { t } = useTranslation('fichas');
  const tone = reviewTone(ficha.reviewState);
  if (!ficha.nextReviewAt)
    return (
      <Text size="sm" c="dimmed">
        {t('fichas:reviews.states.notScheduled')}
      </Text>
    );
  const late = ficha.reviewState === 'overdue' || ficha.reviewState === 'dueThisMonth';
  return (
    <Text size="sm" c={tone.color} fw={late ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatDay(ficha.nextReviewAt)}
      {late && (
        <Text span size="xs" fw={600} c={tone.color} display="block">
          {t(`fichas:reviews.states.${ficha.reviewState}`)}
        </Text>
      )}
    </Text>
  );
}
