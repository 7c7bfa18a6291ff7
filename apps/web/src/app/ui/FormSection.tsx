import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card grouping the fields of a form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
