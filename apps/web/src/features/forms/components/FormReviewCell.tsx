import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { can } from '@regcheck/shared/permissions';
import type { ParticipantFormsT } from '@regcheck/shared/schemas/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useUser } from '../../../app/session/useSession';
import { formsApi } from '../api/forms-api';

type Entry = ParticipantFormsT['forms'][number];

/**
 * The diligence of a form in the Forms panel (issue 25 point 3): its state, the differences between the signed
 * answers and the file in words, and for a signed declaration not yet reviewed the officer's two answers: accept
 * it, or ask for a new one with a reason. A review done says who did it, when and why.
 */
export function FormReviewCell({ f, queryKey, testId }: { f: Entry; queryKey: readonly unknown[]; testId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const user = useUser();
  // accepting or asking again is the administrators' (declarationReview); front desk sends the forms and reads the
  // diligence, but does not accept its own (decision 259)
  const mayReview = can({ role: user.role, company: user.company }, 'declarationReview');
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const review = useMutation({
    mutationFn: (b: { decision: 'accept' | 'renew'; reason?: string }) => formsApi.review(f.formId as string, b),
    onSuccess: () => {
      notifySuccess(t('forms:review.done'));
      setAsking(false);
      setReason('');
      void qc.invalidateQueries({ queryKey });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const words = (code: string, params: Record<string, unknown>) =>
    t(`forms:findings.${code}`, {
      ...params,
      status: params.status ? t(`forms:findings.pepStatus.${String(params.status)}`) : undefined,
      capacity: params.capacity ? t(`forms:signer.capacities.${String(params.capacity)}`) : undefined,
    });
  return (
    <Stack gap={4} data-testid={testId}>
      {f.diligence ? (
        <Text size="sm" data-testid={`${testId}-state`}>
          {t(`forms:diligence.${f.diligence}`)}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
      {f.signer ? (
        <Text size="xs" data-testid={`${testId}-signer`}>
          {t('forms:signer.panel', {
            name: f.signer.name,
            document: f.signer.document,
            capacity: t(`forms:signer.capacities.${f.signer.capacity}`),
          })}{' '}
          ({t(f.signer.source === 'ficha' ? 'forms:signer.panelKnown' : 'forms:signer.panelDeclared')})
        </Text>
      ) : null}
      {f.status === 'signed' || f.findings.length > 0 ? (
        f.findings.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('forms:review.noFindings')}
          </Text>
        ) : (
          f.findings.map((x) => (
            <Text key={`${x.code}-${JSON.stringify(x.params)}`} size="xs" c="red.8" data-testid="form-finding">
              {words(x.code, x.params)}
            </Text>
          ))
        )
      ) : null}
      {f.review ? (
        <Text size="xs" c="dimmed" data-testid={`${testId}-review`}>
          {t(`forms:review.${f.review.status}`, {
            by: f.review.by ?? '—',
            date: formatDate(f.review.at),
            reason: f.review.reason ?? '',
          })}
        </Text>
      ) : null}
      {f.diligence === 'awaitingReview' && f.formId && mayReview ? (
        <Group gap="xs">
          <Button
            size="compact-xs"
            onClick={() => review.mutate({ decision: 'accept' })}
            loading={review.isPending}
            data-testid={`${testId}-accept`}
          >
            {t('forms:review.accept')}
          </Button>
          <Button size="compact-xs" variant="light" color="orange" onClick={() => setAsking(true)}>
            {t('forms:review.renew')}
          </Button>
        </Group>
      ) : null}
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('forms:review.renewTitle')} centered>
        <Stack>
          <Textarea
            label={t('forms:review.reason')}
            description={t('forms:review.reasonHelp')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            autosize
            minRows={2}
            data-testid="review-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common:confirm.cancel')}
            </Button>
            <Button
              color="orange"
              disabled={reason.trim().length < 3}
              loading={review.isPending}
              onClick={() => review.mutate({ decision: 'renew', reason: reason.trim() })}
              data-testid="review-renew-confirm"
            >
              {t('forms:review.renew')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
