import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The one palette of risk levels (the fichas screens' colours, used by every feature). */
const COLORS: Record<string, string> = { low: 'teal', medium: 'yellow', high: 'red' };
/** The text of each light badge, dark enough on its tint for WCAG AA (axe color-contrast). */
const TEXT: Record<string, string> = {
  low: '#05563f', // darker than teal 9: 4.5:1 on the light teal tint
  medium: 'var(--mantine-color-dark-7)',
  high: 'var(--mantine-color-red-9)',
};

/** A risk level (already resolved: overwritten > effective > calculated); '-' when it has none or another value. */
export function RiskBadge({ risk }: { risk: string | null | undefined }) {
  const { t } = useTranslation('common');
  const color = risk ? COLORS[risk] : undefined;
  if (!risk || !color) return <Text span>-</Text>;
  return (
    <Badge color={color} variant="light" styles={{ label: { color: TEXT[risk] } }} data-testid="risk-badge">
      {t(`common:risk.${risk}`)}
    </Badge>
  );
}
