import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  /** the question's title (`danger` by default) */
  title?: string;
  message: ReactNode;
  /** the confirming button (`danger`, or the title, by default) */
  confirmLabel?: string;
  /** 'red' for a delete */
  color?: string;
  /** an action that removes or shuts something (delete, deactivate): its name is the title and the red button */
  danger?: string;
  loading?: boolean;
  testId?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The one question asked before an action that cannot be taken back (finish, delete, overwrite). */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  color,
  danger,
  loading,
  testId,
  onCancel,
  onConfirm,
}: Props) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onCancel} title={title ?? danger} centered>
      <Stack>
        {/* a sentence is a paragraph; a richer message (a question with a reason to type) brings its own layout */}
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:confirm.cancel')}
          </Button>
          <Button
            color={color ?? (danger ? 'red' : undefined)}
            onClick={onConfirm}
            loading={loading}
            data-testid={testId ?? 'confirm-action'}
          >
            {confirmLabel ?? danger ?? title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The modal's opening and its two answers for what a screen keeps in its state until the question is answered (the
 * row to delete, or `true`): open while `asked` is neither null nor false, `close` on cancel, `act(asked)` on confirm.
 */
export function askFor<T>(asked: T | null | false, close: () => void, act: (asked: T) => void, loading?: boolean) {
  const open = asked !== null && asked !== false;
  return {
    opened: open,
    loading,
    onCancel: close,
    onConfirm: () => {
      if (asked !== null && asked !== false) act(asked);
    },
  };
}

/**
 * `askFor` for the common yes/no question kept in a boolean state (`asking`, `setAsking`) that runs one mutation
 * without variables: closes by setting the state false, confirms with `mutation.mutate()`.
 */
export function askWhile(
  asking: boolean,
  setAsking: (asking: boolean) => void,
  mutation: { mutate: () => void; isPending: boolean },
) {
  return askFor(
    asking,
    () => setAsking(false),
    () => mutation.mutate(),
    mutation.isPending,
  );
}
