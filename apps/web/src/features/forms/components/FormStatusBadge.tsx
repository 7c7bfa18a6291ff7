import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<string, string> = {
  notRequired: 'gray',
  required: 'orange',
  sent: 'blue',
  opened: 'cyan',
  filled: 'grape',
  signed: 'green',
};

export function FormStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[status] ?? 'gray'} variant="light" data-testid={`form-status-${status}`}>
      {t(`forms:status.${status}`)}
    </Badge>
  );
}
