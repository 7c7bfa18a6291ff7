import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { FormStatus } from '@regcheck/shared/schemas/operations';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { DataTable } from '../../../app/ui/DataTable';
import { type BulkResult, formsApi } from '../api/forms-api';
import { useOperationFormReasons, useReasonLine } from './OperationFormReasons';

type Status = z.infer<typeof FormStatus>;
export interface BulkSendRow {
  id: string;
  codigoFormatted: string;
  consultationStatus: Status;
}

const SENT_LIKE: Status[] = ['sent', 'opened', 'filled', 'signed'];

/**
 * Mass form submission from the operations list (spec 000 §2, §4; 001 §4, §8): operations whose forms are REQUIRED
 * go without a dialog; otherwise a dialog asks whether to resend the forms already sent, filled or signed and
 * whether to send forms that are not required. The answer's failed rows are shown in words; a failed call shows
 * 'Error in massive form submission'.
 */
export function BulkSendForms({ rows, onDone }: { rows: BulkSendRow[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [resend, setResend] = useState(false);
  const [notRequired, setNotRequired] = useState(false);
  const [result, setResult] = useState<BulkResult | null>(null);
  // why each selected operation's forms are required, or not (issue 25): read when the dialog asks
  const reasons = useOperationFormReasons(
    rows.map((r) => r.id),
    asking,
  );
  const line = useReasonLine();
  const codigoOf = new Map(rows.map((r) => [r.id, r.codigoFormatted]));
  const statusOf = new Map(rows.map((r) => [r.id, r.consultationStatus]));
  // "why they are sent" names only what this send sends: the required operations, and the ones already sent once
  // the resend is ticked (decision 223)
  const goes = (id: string) => {
    const s = statusOf.get(id);
    return s === 'required' || (resend && !!s && SENT_LIKE.includes(s));
  };
  const explained = (required: boolean) =>
    [...reasons.entries()]
      .filter(([id]) => !required || goes(id))
      .flatMap(([id, forms]) =>
        forms
          .filter((f) => f.required === required)
          .flatMap((f) =>
            line(f).map((l) => ({ key: `${id}-${f.associateIndex}-${f.type}-${l}`, codigo: codigoOf.get(id), l })),
          ),
      );
  const sentLike = rows.filter((r) => SENT_LIKE.includes(r.consultationStatus));
  const notReq = rows.filter((r) => r.consultationStatus === 'notRequired');
  const send = useMutation({
    mutationFn: (statuses: Status[]) =>
      formsApi.bulkSend(
        rows.map((r) => ({ consultationId: r.id })),
        statuses,
      ),
    onSuccess: (r) => {
      setAsking(false);
      if (r.errors.length === 0) notifySuccess(r.message);
      else setResult(r);
      onDone();
    },
    onError: (e) => {
      setAsking(false);
      notifyError(errorMessage(e), t('forms:bulk.error'));
    },
  });
  const start = () => {
    if (rows.every((r) => r.consultationStatus === 'required')) {
      send.mutate(['required']);
      return;
    }
    setResend(false);
    setNotRequired(false);
    setAsking(true);
  };
  const confirm = () =>
    send.mutate(['required', ...(resend ? SENT_LIKE : []), ...(notRequired ? (['notRequired'] as Status[]) : [])]);
  const nothing = rows.length - sentLike.length - notReq.length === 0 && !resend && !notRequired;
  return (
    <>
      <Button
        variant="default"
        disabled={rows.length === 0}
        loading={send.isPending && !asking}
        onClick={start}
        data-testid="bulk-send-forms"
      >
        {t('forms:bulk.button', { count: rows.length })}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('forms:bulk.confirmTitle')} size="lg" centered>
        <Stack>
          <Text size="sm">
            {t('forms:bulk.confirmIntro', { count: rows.length - sentLike.length - notReq.length })}
          </Text>
          {explained(true).length > 0 ? (
            <Stack gap={4} data-testid="bulk-reasons">
              <Text size="sm" fw={600}>
                {t('forms:bulk.reasonsTitle')}
              </Text>
              <ScrollArea.Autosize mah={220} type="auto">
                {explained(true).map((x) => (
                  <Text key={x.key} size="xs">
                    {x.codigo} · {x.l}
                  </Text>
                ))}
              </ScrollArea.Autosize>
            </Stack>
          ) : null}
          {sentLike.length > 0 ? (
            <Checkbox
              checked={resend}
              onChange={(e) => setResend(e.currentTarget.checked)}
              label={t('forms:bulk.askResend', { count: sentLike.length })}
              data-testid="bulk-resend"
            />
          ) : null}
          {notReq.length > 0 ? (
            <Checkbox
              checked={notRequired}
              onChange={(e) => setNotRequired(e.currentTarget.checked)}
              label={t('forms:bulk.askNotRequired', { count: notReq.length })}
              data-testid="bulk-not-required"
            />
          ) : null}
          {explained(false).length > 0 ? (
            <Stack gap={4} data-testid="bulk-not-required-reasons">
              <Text size="sm" fw={600}>
                {t('forms:bulk.notRequiredTitle')}
              </Text>
              <ScrollArea.Autosize mah={160} type="auto">
                {explained(false).map((x) => (
                  <Text key={x.key} size="xs" c="dimmed">
                    {x.codigo} · {x.l}
                  </Text>
                ))}
              </ScrollArea.Autosize>
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common:confirm.cancel')}
            </Button>
            <Button onClick={confirm} loading={send.isPending} disabled={nothing} data-testid="bulk-confirm">
              {t('forms:bulk.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={!!result} onClose={() => setResult(null)} title={t('forms:bulk.resultTitle')} size="xl" centered>
        {result ? (
          <Stack data-testid="bulk-result">
            <Alert color={result.processed > 0 ? 'yellow' : 'red'}>{result.message}</Alert>
            <DataTable
              minWidth={0}
              columns={[
                { key: 'operation', header: t('forms:bulk.operation'), width: 120, render: (e) => e.codigo ?? '—' },
                { key: 'participant', header: t('forms:panel.participant'), render: (e) => e.name ?? '—' },
                {
                  key: 'form',
                  header: t('forms:panel.form'),
                  render: (e) => (e.type ? t(`forms:types.${e.type}`) : '—'),
                },
                { key: 'reason', header: t('forms:bulk.reason'), render: (e) => e.message },
              ]}
              rows={result.errors}
              getId={(e) => `${e.consultationId}-${e.associateIndex}-${e.type}`}
            />
            <Group justify="flex-end">
              <Button onClick={() => setResult(null)}>{t('forms:bulk.close')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
