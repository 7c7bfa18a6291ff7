import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's red error message; nothing while there is none. */
export function ErrorAlert({ message, testId }: { message: ReactNode; testId: string }) {
  if (!message) return null;
  return (
    <Alert color="red" data-testid={testId}>
      {message}
    </Alert>
  );
}
