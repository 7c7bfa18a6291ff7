import { Button, Group, Menu, Stack, Text, Textarea } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import type { FormTypeT } from '@regcheck/shared/schemas/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { formsApi } from '../api/forms-api';
import { formsKeys } from '../keys';
import { reasonLines } from '../lib/reasons';
import { FormFilesModal } from './FormFilesModal';
import { FormReviewCell } from './FormReviewCell';
import { FormStatusBadge } from './FormStatusBadge';

type Ask = { index: number; type: FormTypeT; status: string; name: string } | null;

/**
 * The Forms panel of an operation (spec 000 §2, §4): each participant's forms with why each is required or not (the
 * rule and its values, issue 25 point 5), status, last sent and last signed, and send / resend (a prompt when already
 * sent, filled or signed, or when not required), deactivate, download the original and the signed PDF.
 */
export function OperationFormsPanel({ operationId, closed }: { operationId: string; closed?: boolean }) {
  const { t } = useTranslation();
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);
  const qc = useQueryClient();
  const key = formsKeys.operationPanel(operationId);
  const panel = useQuery({ queryKey: key, queryFn: () => formsApi.panel(operationId) });
  const [ask, setAsk] = useState<Ask>(null);
  const [filesOf, setFilesOf] = useState<{ type: FormTypeT; id: string; name: string } | null>(null);
  const send = useMutation({
    mutationFn: (a: { index: number; type: FormTypeT }) => formsApi.send(operationId, a.index, a.type),
    onSuccess: (r) => {
      notifySuccess(t('forms:panel.sent', { to: r.to }));
      setAsk(null);
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (e) => {
      setAsk(null);
      notifyError(errorMessage(e));
    },
  });
  /** the form being deactivated: asked first, with the reason that goes into the audit row */
  const [ending, setEnding] = useState<{ type: FormTypeT; id: string; name: string } | null>(null);
  const [reason, setReason] = useState('');
  const deactivate = useMutation({
    mutationFn: (a: { type: FormTypeT; id: string; reason: string }) => formsApi.deactivate(a.type, a.id, a.reason),
    onSuccess: () => {
      notifySuccess(t('forms:panel.deactivated'));
      setEnding(null);
      setReason('');
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const download = (type: FormTypeT, id: string, which: 'original' | 'signed', dni: string) =>
    formsApi.download(type, id, which, `${type}-${dni}-${which}.pdf`).catch((e) => notifyError(errorMessage(e)));

  const onSend = (index: number, type: FormTypeT, status: string, name: string) => {
    if (status === 'required') send.mutate({ index, type });
    else setAsk({ index, type, status, name });
  };

  if (panel.isError) return <Text c="red.9">{errorMessage(panel.error)}</Text>;
  const rows = panel.data ?? [];
  const lines = rows.flatMap((p) => p.forms.map((f, n) => ({ p, f, n })));
  const columns: Column<(typeof lines)[number]>[] = [
    {
      key: 'participant',
      header: t('forms:panel.participant'),
      render: ({ p, n }) =>
        n === 0 ? (
          <Stack gap={0}>
            <Text size="sm">{p.name}</Text>
            <Text size="xs" c="dimmed">
              {p.email ?? t('forms:panel.noEmail')}
            </Text>
          </Stack>
        ) : null,
    },
    {
      key: 'form',
      header: t('forms:panel.form'),
      render: ({ p, f }) => (
        <Stack gap={2}>
          <Text size="sm">{t(`forms:types.${f.type}`)}</Text>
          {reasonLines(f, tt).map((line) => (
            <Text key={line} size="xs" c="dimmed" maw={360} data-testid={`reason-${p.associateIndex}-${f.type}`}>
              {line}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('forms:panel.status'),
      render: ({ p, f }) => (
        <Stack gap={2} align="flex-start">
          <FormStatusBadge status={f.status} />
          {f.sendState === 'failed' ? (
            <Text size="xs" c="red.9" data-testid={`send-failed-${p.associateIndex}-${f.type}`}>
              {t('forms:errors.FORM_SEND_FAILED')}
            </Text>
          ) : f.sendState === 'queued' ? (
            <Text size="xs" c="dimmed">
              {t('forms:panel.sending')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'diligence',
      header: t('forms:panel.diligence'),
      tooltip: false,
      render: ({ p, f }) => <FormReviewCell f={f} queryKey={key} testId={`diligence-${p.associateIndex}-${f.type}`} />,
    },
    {
      key: 'lastSent',
      header: t('forms:panel.lastSent'),
      width: 110,
      render: ({ f }) => (f.lastSentAt ? formatDate(f.lastSentAt) : '—'),
    },
    {
      key: 'lastSigned',
      header: t('forms:panel.lastSigned'),
      width: 110,
      render: ({ f }) => (f.lastSignedAt ? formatDate(f.lastSignedAt) : '—'),
    },
    {
      key: 'actions',
      header: '',
      tooltip: false,
      render: ({ p, f }) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {!closed ? (
            <Button
              size="xs"
              variant={f.status === 'required' ? 'filled' : 'light'}
              onClick={() => onSend(p.associateIndex, f.type, f.status, p.name)}
              loading={send.isPending && send.variables?.index === p.associateIndex && send.variables?.type === f.type}
              data-testid={`send-${p.associateIndex}-${f.type}`}
            >
              {f.lastSentAt ? t('forms:panel.resend') : t('forms:panel.send')}
            </Button>
          ) : null}
          {f.formId ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="default" data-testid={`more-${p.associateIndex}-${f.type}`}>
                  {t('forms:panel.more')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  disabled={!f.hasOriginal}
                  onClick={() => f.formId && download(f.type, f.formId, 'original', p.dni)}
                >
                  {t('forms:panel.downloadOriginal')}
                </Menu.Item>
                <Menu.Item
                  disabled={!f.hasSigned}
                  onClick={() => f.formId && download(f.type, f.formId, 'signed', p.dni)}
                >
                  {t('forms:panel.downloadSigned')}
                </Menu.Item>
                <Menu.Item
                  onClick={() => f.formId && setFilesOf({ type: f.type, id: f.formId, name: p.name })}
                  data-testid={`files-${p.associateIndex}-${f.type}`}
                >
                  {t('forms:panel.files')}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  disabled={closed || !f.active}
                  onClick={() => {
                    if (!f.formId) return;
                    deactivate.reset();
                    setReason('');
                    setEnding({ type: f.type, id: f.formId, name: p.name });
                  }}
                  data-testid={`deactivate-${p.associateIndex}-${f.type}`}
                >
                  {t('forms:panel.deactivate')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      ),
    },
  ];
  return (
    <Stack>
      <DataTable
        testId="forms-panel"
        columns={columns}
        rows={lines}
        getId={({ p, f }) => `${p.associateIndex}-${f.type}`}
        rowTestId={({ p, f }) => `form-row-${p.associateIndex}-${f.type}`}
        loading={panel.isLoading}
        emptyText={t('forms:panel.empty')}
      />
      <FormFilesModal form={filesOf} readOnly={closed} onClose={() => setFilesOf(null)} />
      <ConfirmModal
        opened={!!ending}
        title={t('forms:panel.deactivateTitle')}
        message={
          ending ? (
            <Stack gap="sm">
              <Text size="sm">
                {t('forms:panel.deactivateMessage', { form: t(`forms:types.${ending.type}`), name: ending.name })}
              </Text>
              <Textarea
                label={t('forms:panel.deactivateReason')}
                description={t('forms:panel.deactivateReasonHelp')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={deactivate.error ? errorMessage(deactivate.error) : undefined}
                autosize
                minRows={2}
                maxLength={1000}
                data-testid="deactivate-reason"
              />
            </Stack>
          ) : (
            ''
          )
        }
        confirmLabel={t('forms:panel.deactivate')}
        color="red"
        loading={deactivate.isPending}
        testId="confirm-deactivate"
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && deactivate.mutate({ ...ending, reason })}
      />
      <ConfirmModal
        opened={!!ask}
        title={t('forms:panel.confirmTitle')}
        message={
          ask
            ? ask.status === 'notRequired'
              ? t('forms:panel.confirmNotRequired', { form: t(`forms:types.${ask.type}`), name: ask.name })
              : t('forms:panel.confirmResend', {
                  form: t(`forms:types.${ask.type}`),
                  name: ask.name,
                  status: t(`forms:status.${ask.status}`),
                })
            : ''
        }
        confirmLabel={t('forms:panel.send')}
        loading={send.isPending}
        testId="confirm-send"
        onCancel={() => setAsk(null)}
        onConfirm={() => ask && send.mutate({ index: ask.index, type: ask.type })}
      />
    </Stack>
  );
}
