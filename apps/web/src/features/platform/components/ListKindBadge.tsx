import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { sanctions: 'red', pep: 'orange', risk: 'yellow', company: 'gray' };

/** The kind of a screening list in words. */
export function ListKindBadge({ kind }: { kind: string }) {
  const { t } = useTranslation('platform');
  return (
    <Badge size="sm" variant="light" color={COLORS[kind] ?? 'gray'} style={{ whiteSpace: 'nowrap' }}>
      {t(`platform:lists.kinds.${kind}`)}
    </Badge>
  );
}
