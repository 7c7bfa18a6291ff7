import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { screeningKeys } from '../../../app/query/keys/screening-keys';
import { screeningReviewApi } from '../../../app/screening/screening-review-api';
import { DeleteAction, EditAction } from '../../../app/ui/RowAction';

/** The longest reason the server keeps. */
const MAX_REASON = 200;

/**
 * The company's reasons for dismissing a list match (issue 15): the list a reviewer picks from when proposing a
 * dismissal. Every blacklist reviewer keeps it (add, rename, remove; at least one stays); each change is one PUT
 * of the whole list, which the server audits with the list before and after. The default reasons show in the page's
 * language; a company's own reason as it was written.
 */
export function DismissalReasonsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('screening');
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: screeningKeys.settings(),
    queryFn: screeningReviewApi.screeningSettings,
    enabled: opened,
  });
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);
  const reasons = settings.data?.dismissalReasons ?? [];
  const label = (r: string) => t(`screening:dismissal.reasons.${r}`, { defaultValue: r });
  const save = useMutation({
    mutationFn: (next: string[]) => screeningReviewApi.updateScreeningSettings({ dismissalReasons: next }),
    onSuccess: (s) => {
      qc.setQueryData(screeningKeys.settings(), s);
      notifySuccess(t('screening:dismissalReasons.saved'));
      setText('');
      setEditing(null);
    },
    onError: (e) => notifyError(errorMessage(e)),
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('screening:dismissalReasons.title')} size="lg">
      <Stack data-testid="dismissal-reasons">
        <Text size="sm" c="dimmed">
          {t('screening:dismissalReasons.intro')}
        </Text>
        {settings.isLoading && <Loader size="sm" aria-label={t('screening:dismissalReasons.loading')} />}
        {settings.isError && <Alert color="red">{errorMessage(settings.error)}</Alert>}
        {settings.data && (
          <>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (text.trim()) save.mutate([...reasons, text.trim()]);
              }}
            >
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('screening:dismissalReasons.new')}
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                  maxLength={MAX_REASON}
                  data-testid="dismissal-reason-new"
                />
                <Button type="submit" disabled={!text.trim()} loading={save.isPending && !editing}>
                  {t('screening:dismissalReasons.add')}
                </Button>
              </Group>
            </form>
            <Stack gap={4}>
              {reasons.map((r, index) => (
                <Group key={r} justify="space-between" wrap="nowrap" data-testid="dismissal-reason-row">
                  {editing?.index === index ? (
                    <TextInput
                      style={{ flex: 1 }}
                      aria-label={t('screening:dismissalReasons.reasonText')}
                      value={editing.text}
                      maxLength={MAX_REASON}
                      onChange={(e) => setEditing({ index, text: e.currentTarget.value })}
                    />
                  ) : (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {label(r)}
                    </Text>
                  )}
                  <Group gap={4} wrap="nowrap">
                    {editing?.index === index ? (
                      <>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('screening:dismissalReasons.save')}
                          disabled={!editing.text.trim()}
                          onClick={() => save.mutate(reasons.map((x, i) => (i === index ? editing.text.trim() : x)))}
                        >
                          <IconCheck size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('screening:dismissalReasons.cancel')}
                          onClick={() => setEditing(null)}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </>
                    ) : (
                      <EditAction
                        label={t('screening:dismissalReasons.edit', { reason: label(r) })}
                        onClick={() => setEditing({ index, text: label(r) })}
                      />
                    )}
                    <Tooltip label={t('screening:dismissalReasons.lastOne')} disabled={reasons.length > 1} withinPortal>
                      <DeleteAction
                        label={t('screening:dismissalReasons.delete', { reason: label(r) })}
                        disabled={reasons.length <= 1}
                        onClick={() => {
                          if (window.confirm(t('screening:dismissalReasons.confirmDelete', { reason: label(r) })))
                            save.mutate(reasons.filter((_, i) => i !== index));
                        }}
                      />
                    </Tooltip>
                  </Group>
                </Group>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Modal>
  );
}
