import { Text, Tooltip } from '@mantine/core';

/** Table text longer than this gets a tooltip with the whole value (spec 001 §9). */
export const TOOLTIP_MIN_LENGTH = 20;

export function TruncatedText({ value }: { value: string | null | undefined }) {
  const text = value ?? '';
  if (text.length <= TOOLTIP_MIN_LENGTH)
    return (
      <Text span size="sm">
        {text || '-'}
      </Text>
    );
  return (
    <Tooltip label={text} multiline maw={400} withinPortal>
      <Text span size="sm" style={{ cursor: 'help' }}>
        {`${text.slice(0, TOOLTIP_MIN_LENGTH)}…`}
      </Text>
    </Tooltip>
  );
}
