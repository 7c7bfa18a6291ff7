import { Badge, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BulkLoad } from '../api/bulk-api';

const COLORS: Record<BulkLoad['bulkStatus'], string> = {
  new: 'gray',
  uploading: 'blue',
  update: 'orange',
  creating: 'blue',
  updating: 'blue',
  done: 'green',
  error: 'yellow',
  invalid: 'red',
};

/** Whether a load is still moving (the screens poll it). */
export const isRunning = (l: BulkLoad) => ['new', 'uploading', 'creating', 'updating'].includes(l.bulkStatus);

/** The status of a load as a badge. */
export function LoadStatusBadge({ load }: { load: BulkLoad }) {
  const { t } = useTranslation('bulk');
  return (
    <Badge color={COLORS[load.bulkStatus]} variant="light" data-testid="bulk-status">
      {t(`bulk:status.${load.bulkStatus}`)}
    </Badge>
  );
}

/** The progress bar of a load: processed rows of the total, with the percentage. */
export function LoadProgress({ load }: { load: BulkLoad }) {
  const { t } = useTranslation('bulk');
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={load.progress}
        w={120}
        animated={isRunning(load)}
        color={load.bulkStatus === 'invalid' ? 'red' : undefined}
        aria-label={t('bulk:history.progress')}
      />
      <Text size="sm" data-testid="bulk-progress">
        {load.progress}%
      </Text>
    </Group>
  );
}
