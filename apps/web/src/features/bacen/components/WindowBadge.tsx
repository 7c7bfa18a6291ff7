import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The 24-hour rule of a registered record: on time or late. */
export function WindowBadge({ late }: { late: boolean }) {
  const { t } = useTranslation('records');
  return (
    <Badge color={late ? 'red' : 'teal'} variant="light" data-testid="bacen-window">
      {t(late ? 'records:bacen.window.late' : 'records:bacen.window.onTime')}
    </Badge>
  );
}
