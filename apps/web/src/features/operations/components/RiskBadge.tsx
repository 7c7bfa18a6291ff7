import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { high: 'red', medium: 'yellow', low: 'green' };

export function RiskBadge({ risk }: { risk: string }) {
  const { t } = useTranslation('operations');
  if (!COLORS[risk]) return <span>-</span>;
  return <Badge color={COLORS[risk]}>{t(`risk.${risk}`)}</Badge>;
}
