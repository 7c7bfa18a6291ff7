import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  children: ReactNode;
  /** keep the value's line breaks (a free text) */
  preWrap?: boolean;
}

/** A read-only value under its small dimmed label; '-' when there is none. */
export function LabeledValue({ label, children, preWrap }: Props) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={preWrap ? { whiteSpace: 'pre-wrap' } : undefined}>
        {children || '-'}
      </Text>
    </Stack>
  );
}
