import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../notify/notify';
import { errorMessage } from '../query/errorMessage';
import { screeningKeys } from '../query/keys/screening-keys';
import { screeningReviewApi } from './screening-review-api';

/** Free text a sanctions or critical list dismissal needs (the server checks it again). */
export const MIN_CRITICAL_TEXT = 10;

export interface DismissTarget {
  fichaId: string;
  listId: string;
  entityId: string;
  name: string;
}

/**
 * Proposes the dismissal of a hit: a reason from the company's list and an explanation. The server decides whether a
 * second user must approve it (sanctions and critical lists always); the modal says so before sending.
 */
export function DismissHitModal({
  target,
  onClose,
  onDone,
}: {
  target: DismissTarget | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('screening');
  const [reasonCode, setReasonCode] = useState<string | null>(null);
  const [reasonText, setReasonText] = useState('');
  const [errors, setErrors] = useState<{ reasonCode?: string; reasonText?: string; form?: string }>({});
  const settings = useQuery({
    queryKey: screeningKeys.settings(),
    queryFn: screeningReviewApi.screeningSettings,
    enabled: !!target,
  });
  const reasons = (settings.data?.dismissalReasons ?? []).map((r) => ({
    value: r,
    label: t(`screening:dismissal.reasons.${r}`, { defaultValue: r }),
  }));
  const close = () => {
    setReasonCode(null);
    setReasonText('');
    setErrors({});
    onClose();
  };
  const send = useMutation({
    mutationFn: () =>
      screeningReviewApi.proposeDismissal(target?.fichaId ?? '', target?.listId ?? '', target?.entityId ?? '', {
        reasonCode: reasonCode ?? '',
        reasonText: reasonText.trim() || undefined,
      }),
    onSuccess: (r) => {
      notifySuccess(r.applied ? t('screening:dismissal.applied') : t('screening:dismissal.proposed'));
      close();
      onDone();
    },
    onError: (e) => {
      const field = (e as { field?: string }).field;
      if (field === 'reasonCode' || field === 'reasonText') setErrors({ [field]: errorMessage(e) });
      else setErrors({ form: errorMessage(e) });
    },
  });
  const submit = () => {
    const next: typeof errors = {};
    if (!reasonCode) next.reasonCode = t('screening:dismissal.reasonRequired');
    if (Object.keys(next).length) return setErrors(next);
    setErrors({});
    send.mutate();
  };
  return (
    <Modal
      opened={!!target}
      onClose={close}
      title={t('screening:dismissal.title', { name: target?.name ?? '' })}
      centered
      size="lg"
    >
      <Stack>
        <Alert color="blue" variant="light">
          {settings.data?.fourEyesNonCritical === false
            ? t('screening:dismissal.fourEyesCritical')
            : t('screening:dismissal.fourEyesNote')}
        </Alert>
        <Select
          label={t('screening:dismissal.reason')}
          withAsterisk
          data={reasons}
          value={reasonCode}
          onChange={setReasonCode}
          error={errors.reasonCode}
          comboboxProps={{ withinPortal: true }}
          data-testid="dismiss-reason"
        />
        <Textarea
          label={t('screening:dismissal.reasonText')}
          description={t('screening:dismissal.reasonTextHint', { min: MIN_CRITICAL_TEXT })}
          value={reasonText}
          onChange={(e) => setReasonText(e.currentTarget.value)}
          error={errors.reasonText}
          autosize
          minRows={3}
          maxLength={2000}
          data-testid="dismiss-text"
        />
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('screening:dismissal.cancel')}
          </Button>
          <Button onClick={submit} loading={send.isPending}>
            {t('screening:dismissal.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
