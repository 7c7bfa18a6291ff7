import { Card, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format/format';
import type { AllegationDetail } from '../api/allegations-api';
import { activitySentence, historyEntries } from '../lib/history';

/**
 * A report's history for its handlers: the status changes with their reasons, and who assigned, opened or downloaded
 * it, each in words in the reader's language (decision 182). The reporter's pages never show it.
 */
export function AllegationHistory({ report }: { report: Pick<AllegationDetail, 'history' | 'activity'> }) {
  const { t } = useTranslation('allegations');
  const entries = historyEntries(report);
  return (
    <Card withBorder>
      <Title order={5}>{t('detail.history')}</Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('detail.activity.help')}
      </Text>
      <Timeline bulletSize={14} lineWidth={2} active={entries.length} data-testid="allegation-history">
        {entries.map((e) =>
          e.type === 'status' ? (
            <Timeline.Item key={`s-${e.at}-${e.change.toStatus}`} title={t(`status.${e.change.toStatus}`)}>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.at)} · {e.change.userName ?? t('detail.channel')}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {e.change.fromStatus === null ? t('detail.filedReason') : e.change.reason}
              </Text>
            </Timeline.Item>
          ) : (
            <Timeline.Item key={e.activity.id} bullet={null} color="gray" data-testid="history-activity">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('detail.activity.line', { date: formatDateTime(e.at), text: activitySentence(t, e.activity) })}
              </Text>
            </Timeline.Item>
          ),
        )}
      </Timeline>
    </Card>
  );
}
