import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The one palette of risk levels (the fichas screens' colours, used by every feature). */
const COLORS: Record<string, string> = { low: 'teal', medium: 'yellow', high: 'red' };

/** A risk level (already resolved: overwritten > effective > calculated); '-' when it has none or another value. */
export function RiskBadge({ risk }: { risk: string | null | undefined }) {
  const { t } = useTranslation('common');
  const color = risk ? COLORS[risk] : undefined;
  if (!risk || !color) return <Text span>-</Text>;
  return (
    <Badge color={color} variant="light" data-testid="risk-badge">
      {t(`common:risk.${risk}`)}
    </Badge>
  );
}
