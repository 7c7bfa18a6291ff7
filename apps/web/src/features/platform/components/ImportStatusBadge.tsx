import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  queued: 'gray',
  running: 'blue',
  importing: 'blue',
  done: 'teal',
  active: 'teal',
  failed: 'red',
  superseded: 'gray',
};

/** The state of an import or a list version, in words. */
export function ImportStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('platform');
  return (
    <Badge size="sm" variant="light" color={COLORS[status] ?? 'gray'} style={{ whiteSpace: 'nowrap' }}>
      {t(`platform:importStatus.${status}`)}
    </Badge>
  );
}
