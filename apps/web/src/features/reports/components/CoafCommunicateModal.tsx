import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
import { notifySuccess } from '../../../app/notify/notify';
import { DateField } from '../../../app/ui/DateField';
import { submitWithFieldErrors } from '../../../app/ui/submit-with-field-errors';
import { type CoafOperationT, coafApi } from '../api/coaf-api';
import { reportsKeys } from '../keys';
import { brazilToday, communicatedOnProblem, protocolProblem } from '../lib/coaf';

interface Props {
  operation: CoafOperationT | null;
  onClose: () => void;
}

/**
 * "Register communication": the protocol number SISCOAF gave and the day it was sent (today by default). Checked here
 * as the server checks it; the server's refusal is shown under its field. Registered once, never undone.
 */
export function CoafCommunicateModal({ operation, onClose }: Props) {
  const { t } = useTranslation('coaf');
  const qc = useQueryClient();
  const today = brazilToday();
  const form = useForm({
    initialValues: { protocol: '', communicatedOn: today },
    validate: {
      protocol: (v) => {
        const p = protocolProblem(v);
        return p ? t(p) : null;
      },
      communicatedOn: (v) => {
        const p = communicatedOnProblem(v, operation?.operationDate ?? '', today);
        return p ? t(p, { from: formatDay(operation?.operationDate), to: formatDay(today) }) : null;
      },
    },
  });
  const save = useMutation({
    mutationFn: (v: { protocol: string; communicatedOn: string }) =>
      coafApi.communicate(operation?.id ?? '', { protocol: v.protocol.trim(), communicatedOn: v.communicatedOn }),
    onSuccess: () => {
      notifySuccess(t('coaf:dialog.saved'));
      void qc.invalidateQueries({ queryKey: reportsKeys.coaf.all });
      form.reset();
      onClose();
    },
  });
  return (
    <Modal
      opened={!!operation}
      onClose={onClose}
      title={t('coaf:dialog.title', { codigo: operation?.codigoFormatted ?? '' })}
      size="lg"
    >
      <form
        noValidate
        onSubmit={submitWithFieldErrors(
          form,
          (v) => save.mutateAsync(v),
          (f) => (f === 'protocol' || f === 'communicatedOn' ? f : null),
        )}
        data-testid="coaf-communicate-form"
      >
        <Stack gap="md">
          <Text size="sm">{t('coaf:dialog.intro')}</Text>
          <TextInput
            label={t('coaf:dialog.protocol')}
            withAsterisk
            maxLength={60}
            {...form.getInputProps('protocol')}
            data-testid="coaf-protocol"
          />
          <DateField
            label={t('coaf:dialog.communicatedOn')}
            required
            maxDate={today}
            value={form.values.communicatedOn}
            onChange={(v) => form.setFieldValue('communicatedOn', v)}
            error={form.errors.communicatedOn}
            data-testid="coaf-communicated-on"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('coaf:dialog.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="coaf-communicate-save">
              {t('coaf:dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
