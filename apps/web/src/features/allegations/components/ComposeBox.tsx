import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

interface Props {
  label: string;
  button: string;
  pending: boolean;
  error?: string;
  onSend(text: string): Promise<unknown>;
  testId: string;
  color?: string;
}

/** A text box and its send button (a message to the reporter, or an internal note). */
export function ComposeBox({ label, button, pending, error, onSend, testId, color }: Props) {
  const [text, setText] = useState('');
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        autosize
        minRows={2}
        maxLength={10000}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        data-testid={`${testId}-text`}
      />
      <Group justify="flex-end">
        <Button
          color={color}
          loading={pending}
          disabled={!text.trim()}
          onClick={() => onSend(text.trim()).then(() => setText(''))}
          data-testid={`${testId}-send`}
        >
          {button}
        </Button>
      </Group>
    </Stack>
  );
}
