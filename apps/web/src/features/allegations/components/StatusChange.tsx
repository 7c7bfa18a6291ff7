import { Button, Select, Stack, Textarea } from '@mantine/core';
import { ALLEGATION_TRANSITIONS, type AllegationStatus } from '@regcheck/shared/schemas/allegations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  status: AllegationStatus;
  pending: boolean;
  error?: string;
  onSubmit(status: AllegationStatus, reason: string): void;
}

/** Choose the next status and give the reason (kept in the history). */
export function StatusChange({ status, pending, error, onSubmit }: Props) {
  const { t } = useTranslation('allegations');
  const [next, setNext] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const submit = () => {
    if (!next) return setLocal(t('detail.chooseStatus'));
    if (reason.trim().length < 3) return setLocal(t('errors.ALLEGATION_REASON_REQUIRED'));
    setLocal(null);
    onSubmit(next as AllegationStatus, reason.trim());
    setReason('');
    setNext(null);
  };
  return (
    <Stack gap="xs">
      <Select
        label={t('detail.newStatus')}
        placeholder={t('detail.chooseStatus')}
        data={ALLEGATION_TRANSITIONS[status].map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={next}
        onChange={setNext}
        data-testid="status-select"
        error={!next && local ? local : undefined}
      />
      <Textarea
        label={t('detail.reason')}
        autosize
        minRows={2}
        maxLength={2000}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={next && local ? local : error}
        data-testid="status-reason"
      />
      <Button onClick={submit} loading={pending} data-testid="status-save">
        {t('detail.changeStatus')}
      </Button>
    </Stack>
  );
}
