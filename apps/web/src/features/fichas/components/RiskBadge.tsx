import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS = { low: 'teal', medium: 'yellow', high: 'red' } as const;

/** A ficha's risk (already resolved: overwritten > effective > calculated); '-' when it has none. */
export function RiskBadge({ risk }: { risk: 'low' | 'medium' | 'high' | null | undefined }) {
  const { t } = useTranslation('fichas');
  if (!risk) return <Text span>-</Text>;
  return (
    <Badge color={COLORS[risk]} variant="light" data-testid="risk-badge">
      {t(`fichas:risk.${risk}`)}
    </Badge>
  );
}
