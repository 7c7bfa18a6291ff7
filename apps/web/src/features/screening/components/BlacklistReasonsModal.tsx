import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { type BlacklistReason, screeningApi } from '../api/screening-api';

interface Props {
  opened: boolean;
  reasons: BlacklistReason[];
  onClose: () => void;
  onChanged: () => void;
}

/** Create, rename and delete blacklist reasons, each with its success toast. */
export function BlacklistReasonsModal({ opened, reasons, onClose, onChanged }: Props) {
  const { t } = useTranslation('screening');
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const run = async (fn: () => Promise<unknown>, message: string) => {
    try {
      await fn();
      notifySuccess(message);
      onChanged();
    } catch (e) {
      notifyError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('blacklist.reasons')}>
      <Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim()) return;
            void run(() => screeningApi.createReason(text.trim()), t('blacklist.reasonCreated')).then(() =>
              setText(''),
            );
          }}
        >
          <Group align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t('blacklist.newReason')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={300}
            />
            <Button type="submit" disabled={!text.trim()}>
              {t('blacklist.save')}
            </Button>
          </Group>
        </form>
        {reasons.length === 0 && <Text c="dimmed">{t('blacklist.noReasons')}</Text>}
        {reasons.map((r) => (
          <Group key={r.id} justify="space-between" wrap="nowrap" data-testid="reason-row">
            {editing?.id === r.id ? (
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('blacklist.reasonText')}
                value={editing.text}
                onChange={(e) => setEditing({ id: r.id, text: e.currentTarget.value })}
              />
            ) : (
              <Text>{r.text}</Text>
            )}
            <Group gap={4} wrap="nowrap">
              {editing?.id === r.id ? (
                <ActionIcon
                  variant="subtle"
                  aria-label={t('blacklist.save')}
                  onClick={() =>
                    void run(
                      () => screeningApi.patchReason(r.id, editing.text.trim()),
                      t('blacklist.reasonUpdated'),
                    ).then(() => setEditing(null))
                  }
                >
                  <IconCheck size={16} />
                </ActionIcon>
              ) : (
                <ActionIcon
                  variant="subtle"
                  aria-label={t('blacklist.edit')}
                  onClick={() => setEditing({ id: r.id, text: r.text })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('blacklist.delete')}
                onClick={() => {
                  if (window.confirm(t('blacklist.confirmReasonDelete', { text: r.text })))
                    void run(() => screeningApi.deleteReason(r.id), t('blacklist.reasonDeleted'));
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
