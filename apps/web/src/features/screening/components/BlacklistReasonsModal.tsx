import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { DeleteAction, EditAction } from '../../../app/ui/RowAction';
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
  const done = (message: string) => {
    notifySuccess(message);
    onChanged();
  };
  const fail = (e: unknown) => notifyError(errorMessage(e));
  const create = useMutation({
    mutationFn: (value: string) => screeningApi.createReason(value),
    onSuccess: () => done(t('screening:blacklist.reasonCreated')),
    onError: fail,
    onSettled: () => setText(''),
  });
  const rename = useMutation({
    mutationFn: (r: { id: string; text: string }) => screeningApi.patchReason(r.id, r.text),
    onSuccess: () => done(t('screening:blacklist.reasonUpdated')),
    onError: fail,
    onSettled: () => setEditing(null),
  });
  const remove = useMutation({
    mutationFn: (id: string) => screeningApi.deleteReason(id),
    onSuccess: () => done(t('screening:blacklist.reasonDeleted')),
    onError: fail,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('screening:blacklist.reasons')}>
      <Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim()) return;
            create.mutate(text.trim());
          }}
        >
          <Group align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t('screening:blacklist.newReason')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={300}
            />
            <Button type="submit" disabled={!text.trim()}>
              {t('screening:blacklist.save')}
            </Button>
          </Group>
        </form>
        {reasons.length === 0 && <Text c="dimmed">{t('screening:blacklist.noReasons')}</Text>}
        {reasons.map((r) => (
          <Group key={r.id} justify="space-between" wrap="nowrap" data-testid="reason-row">
            {editing?.id === r.id ? (
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('screening:blacklist.reasonText')}
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
                  aria-label={t('screening:blacklist.save')}
                  onClick={() => rename.mutate({ id: r.id, text: editing.text.trim() })}
                >
                  <IconCheck size={16} />
                </ActionIcon>
              ) : (
                <EditAction
                  label={t('screening:blacklist.edit')}
                  onClick={() => setEditing({ id: r.id, text: r.text })}
                />
              )}
              <DeleteAction
                label={t('screening:blacklist.delete')}
                onClick={() => {
                  if (window.confirm(t('screening:blacklist.confirmReasonDelete', { text: r.text })))
                    remove.mutate(r.id);
                }}
              />
            </Group>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
