import { Badge, Group, Text } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { useTranslation } from 'react-i18next';

/** The open deadline of a report: which one, its date, and an overdue badge once it passed. */
export function DueBadge({ next, overdue }: { next: { deadline: string; due: string } | null; overdue: boolean }) {
  const { t } = useTranslation('allegations');
  if (!next)
    return (
      <Text size="sm" c="dimmed">
        {t('list.closed')}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" title={t(`deadline.${next.deadline}`)}>
        {formatDate(next.due)}
      </Text>
      {overdue && (
        <Badge color="red" size="sm" data-testid="overdue-badge">
          {t('list.overdue')}
        </Badge>
      )}
    </Group>
  );
}
