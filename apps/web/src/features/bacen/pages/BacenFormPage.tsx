import {
  Alert,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { DateTimeField } from '../../../app/ui/DateField';
import { FormSection } from '../../../app/ui/FormSection';
import { type BacenReportDetail, bacenApi } from '../api/bacen-api';
import { bacenKeys } from '../keys';
import { type BacenFormValues, fromRecord, toFormValues, toPayload, validate, windowState } from '../lib/bacen-form';

/**
 * /home/bacen/new: registers a fraud-indication record; the 24-hour rule is shown as the time is entered. Given a
 * `record` (the edit on /home/bacen/:id), changes it instead, with a mandatory reason kept with the previous version.
 */
export function BacenFormPage({ record, onDone }: { record?: BacenReportDetail; onDone?: () => void } = {}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const fichaId = params.get('fichaId');
  const [v, setV] = useState<BacenFormValues>(() => (record ? fromRecord(record) : toFormValues()));
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // the server's message on the field it names (destination.account -> account), until that field changes
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const allErrors = () => ({
    ...validate(v),
    ...(record && !reason.trim() ? { reason: 'records:bacen.form.errors.reasonRequired' } : {}),
  });
  const errors: Partial<Record<string, string>> = submitted ? allErrors() : {};
  const err = (k: keyof BacenFormValues | 'reason') =>
    errors[k] ? t(errors[k] as string) : serverError?.field === k ? serverError.message : undefined;
  const set = <K extends keyof BacenFormValues>(k: K, value: BacenFormValues[K]) => {
    setV((p) => ({ ...p, [k]: value }));
    setServerError((e) => (e?.field === k || k === 'operationType' ? null : e));
  };
  const save = useMutation({
    mutationFn: () =>
      record
        ? bacenApi.update(record.id, { ...toPayload(v, record.fichaId), reason: reason.trim() })
        : bacenApi.create(toPayload(v, fichaId)),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: bacenKeys.all });
      notifySuccess(t(record ? 'records:bacen.form.updated' : 'records:bacen.form.saved'));
      if (onDone) return onDone();
      void navigate(fichaId ? `/home/records/${fichaId}/bacenCircular6/${r.id}` : `/home/bacen/${r.id}`);
    },
    onError: (e: Error) => {
      const field = isApiError(e) ? e.field?.replace(/^(body\.)?(destination\.)?/, '') : undefined;
      if (field) setServerError({ field, message: e.message });
      notifyError(e.message, t('records:bacen.form.failed'));
    },
  });
  const w = v.identifiedAt && !Number.isNaN(new Date(v.identifiedAt).getTime()) ? windowState(v.identifiedAt) : null;
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(allErrors()).length === 0) save.mutate();
  };
  const transfer = v.operationType !== 'other';
  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>{t(record ? 'records:bacen.edit' : 'records:bacen.new')}</Title>
      <FormSection title={t('records:bacen.form.sections.identification')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateTimeField
            label={t('records:bacen.form.identifiedAt')}
            value={v.identifiedAt}
            onChange={(x) => set('identifiedAt', x)}
            error={err('identifiedAt')}
            data-testid="bacen-identified-at"
            required
          />
          {w && (
            <Alert color={w.late ? 'red' : 'teal'} variant="light" data-testid="bacen-window-preview">
              {w.late
                ? t('records:bacen.form.windowLate', { deadline: formatDateTime(w.deadline) })
                : t('records:bacen.form.windowLeft', { deadline: formatDateTime(w.deadline), hours: w.hoursLeft })}
            </Alert>
          )}
        </SimpleGrid>
      </FormSection>
      <FormSection title={t('records:bacen.form.sections.suspect')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('records:bacen.form.suspectName')}
            value={v.suspectName}
            onChange={(e) => set('suspectName', e.currentTarget.value)}
          />
          <TextInput
            label={t('records:bacen.form.suspectDocument')}
            description={t('records:bacen.form.whenKnown')}
            value={v.suspectDocument}
            onChange={(e) => set('suspectDocument', e.currentTarget.value)}
            error={err('suspectDocument')}
          />
        </SimpleGrid>
        <Textarea
          mt="sm"
          label={t('records:bacen.form.description')}
          autosize
          minRows={3}
          value={v.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={err('description')}
          data-testid="bacen-description"
          required
        />
        <TextInput
          mt="sm"
          label={t('records:bacen.form.registeringInstitution')}
          value={v.registeringInstitution}
          onChange={(e) => set('registeringInstitution', e.currentTarget.value)}
          error={err('registeringInstitution')}
          data-testid="bacen-institution"
          required
        />
      </FormSection>
      <FormSection title={t('records:bacen.form.sections.operation')}>
        <SegmentedControl
          value={v.operationType}
          onChange={(x) => set('operationType', x as BacenFormValues['operationType'])}
          data={(['pix', 'transfer', 'other'] as const).map((x) => ({
            value: x,
            label: t(`records:bacen.types.${x}`),
          }))}
        />
        {transfer && (
          <Text size="sm" c="dimmed" mt="sm" data-testid="bacen-destination-hint">
            {t('records:bacen.form.destinationHint')}
          </Text>
        )}
        {transfer && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
            <TextInput
              label={t('records:bacen.form.destInstitution')}
              value={v.institution}
              onChange={(e) => set('institution', e.currentTarget.value)}
              error={err('institution')}
              required={v.operationType === 'transfer'}
              data-testid="bacen-dest-institution"
            />
            <TextInput
              label={t('records:bacen.form.branch')}
              value={v.branch}
              onChange={(e) => set('branch', e.currentTarget.value)}
            />
            <TextInput
              label={t('records:bacen.form.account')}
              value={v.account}
              onChange={(e) => set('account', e.currentTarget.value)}
              error={err('account')}
              required={v.operationType === 'transfer'}
              data-testid="bacen-dest-account"
            />
            <TextInput
              label={t('records:bacen.form.holder')}
              value={v.holder}
              onChange={(e) => set('holder', e.currentTarget.value)}
            />
            <TextInput
              label={t('records:bacen.form.holderDocument')}
              value={v.holderDocument}
              onChange={(e) => set('holderDocument', e.currentTarget.value)}
              error={err('holderDocument')}
            />
            {v.operationType === 'pix' && (
              <TextInput
                label={t('records:bacen.form.pixKey')}
                value={v.pixKey}
                onChange={(e) => set('pixKey', e.currentTarget.value)}
                error={err('pixKey')}
                data-testid="bacen-dest-pix-key"
              />
            )}
          </SimpleGrid>
        )}
      </FormSection>
      <Checkbox
        label={t('records:bacen.form.consent')}
        checked={v.consent}
        onChange={(e) => set('consent', e.currentTarget.checked)}
        error={err('consent')}
        data-testid="bacen-consent"
      />
      {record && (
        <Textarea
          label={t('records:bacen.form.reason')}
          description={t('records:bacen.form.reasonHint')}
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={err('reason')}
          data-testid="bacen-edit-reason"
          required
        />
      )}
      {submitted && Object.keys(errors).length > 0 && (
        <Text c="red.9" size="sm">
          {t('records:bacen.form.fixErrors')}
        </Text>
      )}
      <Group>
        <Button onClick={submit} loading={save.isPending} data-testid="bacen-save">
          {t(record ? 'records:bacen.form.saveChanges' : 'records:bacen.form.save')}
        </Button>
        <Button variant="default" onClick={() => (onDone ? onDone() : navigate(-1))}>
          {t('records:bacen.form.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
