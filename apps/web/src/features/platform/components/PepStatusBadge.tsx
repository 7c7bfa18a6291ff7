import { Badge } from '@mantine/core';
import type { PepStatus } from '@regcheck/shared/schemas/people';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PepStatus, string> = { direct: 'red', indirect: 'orange', expired: 'gray', deactivated: 'dark' };

/** A person's PEP status in words: direct and indirect are PEP, expired and deactivated are not. */
export function PepStatusBadge({ status }: { status: PepStatus }) {
  const { t } = useTranslation('platform');
  return (
    <Badge size="sm" variant="light" color={COLORS[status]} style={{ whiteSpace: 'nowrap' }}>
      {t(`platform:pep.status.${status}`)}
    </Badge>
  );
}
