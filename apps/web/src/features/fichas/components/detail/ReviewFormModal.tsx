import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_CHECKED_MAX, REVIEW_OUTCOMES, type ReviewOutcomeT } from '@regcheck/shared/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { fichasKeys } from '../../../../app/query/keys/fichas-keys';
import { fichasApi } from '../../api/fichas-api';
import {
  EMPTY_REVIEW,
  type ReviewField,
  type ReviewForm,
  reviewFieldOf,
  toReviewPayload,
  validateReview,
} from '../../lib/review-form';

/**
 * "Record review": what was checked and the outcome; who and when are the server's (the form says so). The risk is
 * not changed here (the form says where it is), and "relationship ended" schedules no next review.
 */
export function ReviewFormModal({
  fichaId,
  opened,
  onClose,
}: {
  fichaId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('fichas');
  const qc = useQueryClient();
  const [form, setForm] = useState<ReviewForm>(EMPTY_REVIEW);
  const [errors, setErrors] = useState<Partial<Record<ReviewField, string>>>({});
  const close = () => {
    setForm(EMPTY_REVIEW);
    setErrors({});
    onClose();
  };
  const save = useMutation({
    mutationFn: () => fichasApi.recordReview(fichaId, toReviewPayload(form)),
    onSuccess: () => {
      notifySuccess(t('fichas:reviews.recorded'));
      void qc.invalidateQueries({ queryKey: fichasKeys.all });
      close();
    },
    onError: (e) => {
      const field = isApiError(e) ? reviewFieldOf(e.field) : undefined;
      if (field) setErrors({ [field]: e.message });
      else notifyError(errorMessage(e));
    },
  });
  const set = (patch: Partial<ReviewForm>) => {
    setForm({ ...form, ...patch });
    setErrors({});
  };
  const submit = () => {
    const found = validateReview(form);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
    if (Object.keys(found).length === 0) save.mutate();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('fichas:reviews.form.title')} size="lg" centered>
      <Stack gap="md" data-testid="review-form">
        <Textarea
          label={t('fichas:reviews.form.checked')}
          placeholder={t('fichas:reviews.form.checkedPlaceholder')}
          autosize
          minRows={4}
          maxLength={REVIEW_CHECKED_MAX}
          withAsterisk
          value={form.checked}
          onChange={(e) => set({ checked: e.currentTarget.value })}
          error={errors.checked}
          data-testid="review-checked"
        />
        <Select
          label={t('fichas:reviews.form.outcome')}
          placeholder={t('fichas:reviews.form.outcomePlaceholder')}
          withAsterisk
          data={REVIEW_OUTCOMES.map((o) => ({ value: o, label: t(`fichas:reviews.outcomes.${o}`) }))}
          value={form.outcome}
          onChange={(v) => set({ outcome: (v as ReviewOutcomeT | null) ?? null })}
          error={errors.outcome}
          comboboxProps={{ withinPortal: true }}
          data-testid="review-outcome"
        />
        {form.outcome === 'riskChanged' && (
          <Alert color="blue" variant="light">
            {t('fichas:reviews.form.riskHint')}
          </Alert>
        )}
        {form.outcome === 'relationshipEnded' && (
          <Alert color="orange" variant="light">
            {t('fichas:reviews.form.endedHint')}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('fichas:reviews.form.whoWhen')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('fichas:actions.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="review-submit">
            {t('fichas:reviews.form.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
