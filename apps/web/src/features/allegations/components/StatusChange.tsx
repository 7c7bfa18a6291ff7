import { Button, Select, Stack, Textarea } from '@mantine/core';
import { type AllegationStatus, KARIN_RESOLUTION_MIN, nextStatuses } from '@regcheck/shared/schemas/allegations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  status: AllegationStatus;
  /** a Ley Karin complaint: never dismissed, resolved only after its investigation and with its outcome */
  leyKarin?: boolean;
  pending: boolean;
  error?: string;
  onSubmit(status: AllegationStatus, reason: string): void;
}

/**
 * Choose the next status and give the reason (kept in the history). A Ley Karin complaint is offered only its own
 * flow (nextStatuses): no dismissal, and the closing asks for the outcome of the investigation.
 */
export function StatusChange({ status, leyKarin = false, pending, error, onSubmit }: Props) {
  const { t } = useTranslation('allegations');
  const [next, setNext] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const closesKarin = leyKarin && next === 'resolved';
  const submit = () => {
    if (!next) return setLocal(t('detail.chooseStatus'));
    if (reason.trim().length < 3) return setLocal(t('errors.ALLEGATION_REASON_REQUIRED'));
    if (closesKarin && reason.trim().length < KARIN_RESOLUTION_MIN)
      return setLocal(t('errors.ALLEGATION_KARIN_RESOLUTION_REQUIRED', { min: KARIN_RESOLUTION_MIN }));
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
        data={nextStatuses(status, leyKarin).map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={next}
        onChange={setNext}
        data-testid="status-select"
        error={!next && local ? local : undefined}
      />
      <Textarea
        label={closesKarin ? t('detail.karinOutcome') : t('detail.reason')}
        description={closesKarin ? t('detail.karinOutcomeHint', { min: KARIN_RESOLUTION_MIN }) : undefined}
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
