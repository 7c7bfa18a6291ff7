import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { type Operation, operationsApi } from '../api/operations-api';
import { DATE_KEYS, type ExtrasDraft, extrasBody, extrasDraft, INSURANCE_KEYS } from '../lib/operation-extras';

/**
 * Insurance fields and transporter of an operation (spec 000 §3), editable while it is open. On a finished
 * operation the server refuses the change (OPERATION_FINISHED) and its message is shown as the error toast.
 */
export function OperationExtrasForm({ operation }: { operation: Operation }) {
  const { t } = useTranslation('operations');
  const qc = useQueryClient();
  const [draft, setDraft] = useState<ExtrasDraft>(() => extrasDraft(operation));
  const [invalid, setInvalid] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => operationsApi.update(operation.id, body),
    onSuccess: (o) => {
      setDraft(extrasDraft(o));
      notifySuccess(t('detail.saved'));
      void qc.invalidateQueries({ queryKey: ['operations'] });
    },
    onError: (e: unknown) => notifyError(e instanceof Error ? e.message : String(e)),
  });
  const set = (k: keyof ExtrasDraft) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const submit = () => {
    const { body, invalid: bad } = extrasBody(draft);
    setInvalid(bad);
    if (bad.length === 0) save.mutate(body);
  };
  return (
    <Stack data-testid="operation-extras">
      <Title order={4}>{t('insurance.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {INSURANCE_KEYS.map((k) => (
          <TextInput
            key={k}
            label={t(`insurance.${k}`)}
            type={DATE_KEYS.includes(k) ? 'date' : 'text'}
            inputMode={k === 'premiumSFP' || k === 'policyValueAtClosure' ? 'decimal' : undefined}
            value={draft[k]}
            onChange={set(k)}
            error={invalid.includes(k) ? t('insurance.invalid') : undefined}
            data-testid={`insurance-${k}`}
          />
        ))}
      </SimpleGrid>
      <Title order={4}>{t('transporter.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('transporter.transportDni')}
          value={draft.transportDni}
          onChange={set('transportDni')}
          data-testid="transporter-dni"
        />
        <TextInput
          label={t('transporter.nationality')}
          value={draft.nationality}
          onChange={set('nationality')}
          data-testid="transporter-nationality"
        />
        <TextInput
          label={t('transporter.countries')}
          description={t('transporter.countriesHint')}
          value={draft.countries}
          onChange={set('countries')}
          data-testid="transporter-countries"
        />
      </SimpleGrid>
      <Group>
        <Button onClick={submit} loading={save.isPending} data-testid="operation-extras-save">
          {t('detail.save')}
        </Button>
      </Group>
    </Stack>
  );
}
