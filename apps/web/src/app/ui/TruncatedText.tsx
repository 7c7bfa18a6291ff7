import { Text, Tooltip } from '@mantine/core';

/** Table text longer than this gets a tooltip with the whole value (spec 001 §9). */
export const TOOLTIP_MIN_LENGTH = 20;

/**
 * A table cell's text, whole: it wraps between words (a name was cut at 20 characters, and a clamp at three lines
 * still cut the UN list's Spanish name, issue 27); longer than 20 characters it also carries a tooltip with the whole
 * value (spec 001 §9).
 */
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
      <Text span size="sm" style={{ cursor: 'help', overflowWrap: 'anywhere', minWidth: '10ch' }} data-truncated-text>
        {text}
      </Text>
    </Tooltip>
  );
}
