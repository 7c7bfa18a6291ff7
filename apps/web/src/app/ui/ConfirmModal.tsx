import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** 'red' for a delete */
  color?: string;
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
  loading,
  testId,
  onCancel,
  onConfirm,
}: Props) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack>
        {/* a sentence is a paragraph; a richer message (a question with a reason to type) brings its own layout */}
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:confirm.cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading} data-testid={testId ?? 'confirm-action'}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
