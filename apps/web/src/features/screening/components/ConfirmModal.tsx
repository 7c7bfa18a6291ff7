import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** 'red' for a delete. */
  color?: string;
  testId?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A question with cancel and one action, as the company lists ask before deleting or overwriting a record. */
export function ConfirmModal({ opened, title, message, confirmLabel, color, testId, onCancel, onConfirm }: Props) {
  const { t } = useTranslation('screening');
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('screening:blacklist.cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} data-testid={testId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
