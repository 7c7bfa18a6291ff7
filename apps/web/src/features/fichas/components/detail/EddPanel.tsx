import { Alert, Badge, Button, Group, List, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { EDD_TEXT_MAX } from '@regcheck/shared/schemas/edd';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../app/api/api-error';
import { formatDateTime, formatDay } from '../../../../app/format/format';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { fichasKeys } from '../../../../app/query/keys/fichas-keys';
import { type Edd, fichasApi } from '../../api/fichas-api';
import { eddPanelState, eddReasonSentence } from '../../lib/edd';

type Field = 'sourceOfFunds' | 'sourceOfWealth';

/**
 * "Enhanced due diligence required" on the ficha's page (decisions 141 to 143): why, in sentences; the checklist
 * (source of funds and of wealth: a form for whoever edits fichas, read-only otherwise); the senior management
 * approval with who and when, the approve button for company administrators only. Completed, it says so; no longer
 * required, it keeps what was recorded.
 */
export function EddPanel({ edd, canWrite, canApprove }: { edd: Edd; canWrite: boolean; canApprove: boolean }) {
  const { t, i18n } = useTranslation('fichas');
  const qc = useQueryClient();
  const [texts, setTexts] = useState({
    sourceOfFunds: edd.sourceOfFunds ?? '',
    sourceOfWealth: edd.sourceOfWealth ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirm, setConfirm] = useState(false);
  const state = eddPanelState(edd);
  const dirty =
    texts.sourceOfFunds !== (edd.sourceOfFunds ?? '') || texts.sourceOfWealth !== (edd.sourceOfWealth ?? '');
  const onError = (e: unknown) => {
    const field = isApiError(e) && (e.field === 'sourceOfFunds' || e.field === 'sourceOfWealth') ? e.field : null;
    if (field && isApiError(e)) setErrors({ [field]: e.message });
    else notifyError(errorMessage(e));
  };
  const done = (message: string) => (next: Edd) => {
    notifySuccess(message);
    qc.setQueryData(fichasKeys.edd(edd.fichaId), next);
    void qc.invalidateQueries({ queryKey: fichasKeys.all });
  };
  const save = useMutation({
    mutationFn: () => fichasApi.patchEdd(edd.fichaId, texts),
    onSuccess: done(t('fichas:edd.saved')),
    onError,
  });
  const approve = useMutation({
    mutationFn: () => fichasApi.patchEdd(edd.fichaId, { ...texts, approve: true }),
    onSuccess: (next) => {
      setConfirm(false);
      done(t('fichas:edd.approved'))(next);
    },
    onError: (e) => {
      setConfirm(false);
      onError(e);
    },
  });
  if (state === 'hidden') return null;

  const color = state === 'open' ? 'orange' : state === 'completed' ? 'teal' : 'gray';
  const title =
    state === 'open'
      ? t('fichas:edd.title')
      : state === 'completed'
        ? t('fichas:edd.completedTitle')
        : t('fichas:edd.titleNotRequired');
  const Icon = state === 'open' ? IconAlertTriangle : state === 'completed' ? IconCircleCheck : IconInfoCircle;
  const editable = canWrite && state !== 'notRequired';
  const textField = (field: Field) => {
    const value = edd[field];
    return editable ? (
      <Textarea
        label={t(`fichas:edd.${field}`)}
        description={t(`fichas:edd.${field}Hint`)}
        autosize
        minRows={2}
        maxLength={EDD_TEXT_MAX}
        value={texts[field]}
        onChange={(e) => {
          setTexts({ ...texts, [field]: e.currentTarget.value });
          setErrors({});
        }}
        error={errors[field]}
        data-testid={`edd-${field}`}
      />
    ) : (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {t(`fichas:edd.${field}`)}
        </Text>
        <Text
          size="sm"
          c={value ? undefined : 'dimmed'}
          style={{ whiteSpace: 'pre-wrap' }}
          data-testid={`edd-${field}`}
        >
          {value || t('fichas:edd.notFilled')}
        </Text>
      </Stack>
    );
  };

  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={20} aria-hidden />}
      title={
        <Group gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          {state !== 'notRequired' && (
            <Badge color={color} variant="light" data-testid="edd-status">
              {t(`fichas:edd.status.${edd.status}`)}
            </Badge>
          )}
        </Group>
      }
      data-testid="edd-panel"
      data-state={state}
    >
      <Stack gap="sm">
        {state === 'notRequired' ? (
          <Text size="sm">{t('fichas:edd.noLongerRequired')}</Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm">{t('fichas:edd.intro')}</Text>
            <List size="sm" data-testid="edd-reasons">
              {edd.reasons.map((r) => (
                <List.Item key={JSON.stringify(r)}>{eddReasonSentence(r, t, i18n.language)}</List.Item>
              ))}
            </List>
            {edd.requiredSince && (
              <Text size="xs" c="dimmed">
                {t('fichas:edd.since', { date: formatDay(edd.requiredSince) })}
              </Text>
            )}
          </Stack>
        )}
        {textField('sourceOfFunds')}
        {textField('sourceOfWealth')}
        {editable && (
          <Group justify="space-between" align="center">
            <Text size="xs" c="dimmed">
              {edd.status === 'completed' && dirty ? t('fichas:edd.reopenWarning') : ''}
            </Text>
            <Button
              variant="default"
              disabled={!dirty}
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-testid="edd-save"
            >
              {t('fichas:edd.save')}
            </Button>
          </Group>
        )}
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('fichas:edd.approval')}
          </Text>
          <Text size="sm" data-testid="edd-approval">
            {edd.approvedAt
              ? edd.approvedByName
                ? t('fichas:edd.approvedBy', { who: edd.approvedByName, date: formatDateTime(edd.approvedAt) })
                : t('fichas:edd.approvedUnnamed', { date: formatDateTime(edd.approvedAt) })
              : t('fichas:edd.notApproved')}
          </Text>
          {state === 'open' && !canApprove && (
            <Text size="xs" c="dimmed">
              {t('fichas:edd.approveHint')}
            </Text>
          )}
        </Stack>
        {state === 'open' && canApprove && (
          <Group justify="flex-end">
            <Button
              color="teal"
              disabled={!texts.sourceOfFunds.trim() || !texts.sourceOfWealth.trim()}
              onClick={() => setConfirm(true)}
              data-testid="edd-approve"
            >
              {t('fichas:edd.approve')}
            </Button>
          </Group>
        )}
        {edd.updatedAt && edd.updatedByName && (
          <Text size="xs" c="dimmed">
            {t('fichas:edd.lastChange', { date: formatDateTime(edd.updatedAt), who: edd.updatedByName })}
          </Text>
        )}
      </Stack>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('fichas:edd.approveConfirm')} centered>
        <Stack>
          <Text size="sm">{t('fichas:edd.approveConfirmBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              {t('fichas:actions.cancel')}
            </Button>
            <Button
              color="teal"
              loading={approve.isPending}
              onClick={() => approve.mutate()}
              data-testid="edd-approve-confirm"
            >
              {t('fichas:edd.approve')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}
