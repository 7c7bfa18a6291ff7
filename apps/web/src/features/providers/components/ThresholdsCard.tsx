import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { providersApi } from '../api/providers-api';
import { providersKeys } from '../keys';

/**
 * The company's commercial-report risk thresholds: the CLP of debts, protests and bulletins of the last two years
 * from which a report is medium and high risk.
 */
export function ThresholdsCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation('records');
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: providersKeys.thresholds(companyId),
    queryFn: () => providersApi.thresholds(companyId),
  });
  const [medium, setMedium] = useState<number | string>('');
  const [high, setHigh] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (q.data) {
      setMedium(q.data.mediumFrom);
      setHigh(q.data.highFrom);
    }
  }, [q.data]);
  const save = useMutation({
    mutationFn: () => providersApi.setThresholds(companyId, { mediumFrom: Number(medium), highFrom: Number(high) }),
    onSuccess: () => {
      notifySuccess(t('records:providers.thresholds.saved'));
      void qc.invalidateQueries({ queryKey: providersKeys.thresholds(companyId) });
    },
    onError: (e) => (isApiError(e) && e.field ? setError(e.message) : notifyError(errorMessage(e))),
  });
  const submit = () => {
    if (medium === '' || high === '') return setError(t('records:providers.errors.required'));
    if (Number(high) < Number(medium)) return setError(t('records:providers.thresholds.order'));
    setError(null);
    save.mutate();
  };
  const money = {
    thousandSeparator: '.',
    decimalSeparator: ',',
    prefix: '$ ',
    min: 0,
    allowNegative: false,
    allowDecimal: false,
  };
  return (
    <Paper withBorder p="md" data-testid="provider-thresholds">
      <Stack gap="sm">
        <div>
          <Title order={4}>{t('records:providers.thresholds.title')}</Title>
          <Text size="sm" c="dimmed">
            {t(q.data?.isDefault ? 'records:providers.thresholds.defaults' : 'records:providers.thresholds.hint')}
          </Text>
        </div>
        <Group align="flex-start" grow>
          <NumberInput
            label={t('records:providers.thresholds.medium')}
            value={medium}
            onChange={setMedium}
            {...money}
            data-testid="threshold-medium"
          />
          <NumberInput
            label={t('records:providers.thresholds.high')}
            value={high}
            onChange={setHigh}
            error={error}
            {...money}
            data-testid="threshold-high"
          />
        </Group>
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid="threshold-save">
            {t('records:providers.thresholds.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
