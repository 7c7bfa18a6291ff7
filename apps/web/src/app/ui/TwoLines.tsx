import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A cell of two lines: what it is, and below it, small and dimmed, what qualifies it (a document, a date). */
export function TwoLines({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <Stack gap={0}>
      {main}
      {sub !== undefined && sub !== null && sub !== false && (
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      )}
    </Stack>
  );
}
