import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of the detail page. */
export function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value === null || value === undefined || value === '' ? '-' : value}
      </Text>
    </Stack>
  );
}
