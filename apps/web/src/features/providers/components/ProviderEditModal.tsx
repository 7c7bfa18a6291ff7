import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { ProviderConfigViewT, ProviderIdT } from '@regcheck/shared/schemas/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { providersApi } from '../api/providers-api';
import { providersKeys } from '../keys';

/**
 * Sets one provider of a company: address, credentials (write-only: left empty keeps the stored ones, a box removes
 * them), the contracted request limit (empty: no limit) and whether the company may use it.
 */
export function ProviderEditModal({
  companyId,
  provider,
  current,
  onClose,
}: {
  companyId: string;
  provider: ProviderIdT | null;
  current: ProviderConfigViewT | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const qc = useQueryClient();
  const sample = !!current?.sample;
  const [baseUrl, setBaseUrl] = useState('');
  const [credentials, setCredentials] = useState('');
  const [remove, setRemove] = useState(false);
  const [limit, setLimit] = useState<number | string>('');
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setBaseUrl(current && !current.sample ? current.baseUrl : '');
    setCredentials('');
    setRemove(false);
    setLimit(current?.requestLimit ?? '');
    setEnabled(current?.enabled ?? true);
    setErrors({});
  }, [current]);
  const save = useMutation({
    mutationFn: () =>
      providersApi.configure(companyId, provider as ProviderIdT, {
        ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
        requestLimit: limit === '' ? null : Number(limit),
        enabled,
        ...(remove ? { credentials: null } : credentials ? { credentials } : {}),
      }),
    onSuccess: () => {
      notifySuccess(t('records:providers.saved'));
      void qc.invalidateQueries({ queryKey: providersKeys.all(companyId) });
      onClose();
    },
    onError: (e) => {
      if (isApiError(e) && e.field) setErrors({ [e.field]: e.message });
      else notifyError(errorMessage(e));
    },
  });
  const submit = () => {
    const next: Record<string, string> = {};
    const url = baseUrl.trim();
    if (url ? !/^https?:\/\/\S+$/.test(url) : !current) next.baseUrl = t('records:providers.errors.url');
    if (limit !== '' && (!Number.isInteger(Number(limit)) || Number(limit) < 0))
      next.requestLimit = t('records:providers.errors.limit');
    setErrors(next);
    if (Object.keys(next).length === 0) save.mutate();
  };
  return (
    <Modal
      opened={provider !== null}
      onClose={onClose}
      size="lg"
      title={provider ? t('records:providers.editTitle', { name: t(`records:providers.names.${provider}`) }) : ''}
    >
      <Stack gap="sm" data-testid="provider-edit">
        {sample && (
          <Text size="sm" c="orange.9">
            {t('records:providers.replaceSample')}
          </Text>
        )}
        <TextInput
          label={t('records:providers.columns.address')}
          placeholder={sample ? t('records:providers.sampleAddress') : 'https://'}
          description={sample ? t('records:providers.keepAddress') : undefined}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.currentTarget.value)}
          error={errors.baseUrl}
          data-testid="provider-base-url"
        />
        <PasswordInput
          label={t('records:providers.credentials')}
          description={current?.hasCredentials ? t('records:providers.stored') : t('records:providers.credentialsHint')}
          placeholder={current?.hasCredentials ? t('records:providers.keepStored') : ''}
          value={credentials}
          onChange={(e) => setCredentials(e.currentTarget.value)}
          disabled={remove}
          error={errors.credentials}
          autoComplete="new-password"
          data-testid="provider-credentials"
        />
        {current?.hasCredentials && (
          <Checkbox
            label={t('records:providers.removeCredentials')}
            checked={remove}
            onChange={(e) => setRemove(e.currentTarget.checked)}
          />
        )}
        <NumberInput
          label={t('records:providers.columns.limit')}
          description={t('records:providers.limitHint')}
          value={limit}
          onChange={setLimit}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          error={errors.requestLimit}
          data-testid="provider-limit"
        />
        <Switch
          label={t('records:providers.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('records:providers.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="provider-save">
            {t('records:providers.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
