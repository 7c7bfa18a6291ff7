import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { DateField } from '../../../app/ui/DateField';
import { type Operation, operationsApi } from '../api/operations-api';
import { operationsKeys } from '../keys';
import { DATE_KEYS, type ExtrasDraft, INSURANCE_KEYS, toFormValues, toPayload, validate } from '../lib/extras-form';

/**
 * Insurance fields and transporter of an operation (spec 000 §3), editable while it is open. On a finished
 * operation the server refuses the change (OPERATION_FINISHED) and its message is shown as the error toast.
 */
export function OperationExtrasForm({ operation }: { operation: Operation }) {
  const { t } = useTranslation('operations');
  const qc = useQueryClient();
  const [draft, setDraft] = useState<ExtrasDraft>(() => toFormValues(operation));
  const [invalid, setInvalid] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => operationsApi.update(operation.id, body),
    onSuccess: (o) => {
      setDraft(toFormValues(o));
      notifySuccess(t('operations:detail.saved'));
      void qc.invalidateQueries({ queryKey: operationsKeys.all });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const set = (k: keyof ExtrasDraft) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const submit = () => {
    const bad = validate(draft);
    setInvalid(bad);
    if (bad.length === 0) save.mutate(toPayload(draft));
  };
  return (
    <Stack data-testid="operation-extras">
      <Title order={4}>{t('operations:insurance.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {INSURANCE_KEYS.map((k) =>
          DATE_KEYS.includes(k) ? (
            <DateField
              key={k}
              label={t(`operations:insurance.${k}`)}
              value={draft[k]}
              onChange={(v) => setDraft((d) => ({ ...d, [k]: v }))}
              error={invalid.includes(k) ? t('operations:insurance.invalid') : undefined}
              data-testid={`insurance-${k}`}
            />
          ) : (
            <TextInput
              key={k}
              label={t(`operations:insurance.${k}`)}
              inputMode={k === 'premiumSFP' || k === 'policyValueAtClosure' ? 'decimal' : undefined}
              value={draft[k]}
              onChange={set(k)}
              error={invalid.includes(k) ? t('operations:insurance.invalid') : undefined}
              data-testid={`insurance-${k}`}
            />
          ),
        )}
      </SimpleGrid>
      <Title order={4}>{t('operations:transporter.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('operations:transporter.transportDni')}
          value={draft.transportDni}
          onChange={set('transportDni')}
          data-testid="transporter-dni"
        />
        <TextInput
          label={t('operations:transporter.nationality')}
          value={draft.nationality}
          onChange={set('nationality')}
          data-testid="transporter-nationality"
        />
        <TextInput
          label={t('operations:transporter.countries')}
          description={t('operations:transporter.countriesHint')}
          value={draft.countries}
          onChange={set('countries')}
          data-testid="transporter-countries"
        />
      </SimpleGrid>
      <Group>
        <Button onClick={submit} loading={save.isPending} data-testid="operation-extras-save">
          {t('operations:detail.save')}
        </Button>
      </Group>
    </Stack>
  );
}
