import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a record; a dash when the provider gave none. */
export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children === null || children === undefined || children === '' ? '-' : children}</Text>
    </Stack>
  );
}
