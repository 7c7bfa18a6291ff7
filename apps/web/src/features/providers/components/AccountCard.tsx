import { Badge, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DatacorpInfoT } from '@regcheck/shared/schemas/providers';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { providersApi } from '../api/providers-api';
import { providersKeys } from '../keys';

const STATE_COLORS = { none: 'gray', valid: 'green', expired: 'orange' } as const;

/**
 * The company's data-provider account ("datacorp"): token endpoint, client id and secret (write-only: kept when left
 * empty), the token's state, and the button that creates or renews it.
 */
export function AccountCard({ companyId, info }: { companyId: string; info: DatacorpInfoT }) {
  const { t } = useTranslation('records');
  const qc = useQueryClient();
  const a = info.account;
  const [baseUrl, setBaseUrl] = useState(a.baseUrl ?? '');
  const [clientId, setClientId] = useState(a.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setBaseUrl(a.baseUrl ?? '');
    setClientId(a.clientId ?? '');
  }, [a.baseUrl, a.clientId]);
  const refresh = () => void qc.invalidateQueries({ queryKey: providersKeys.all(companyId) });
  const save = useMutation({
    mutationFn: () =>
      providersApi.setAccount(companyId, {
        baseUrl: baseUrl.trim(),
        clientId: clientId.trim(),
        ...(secret ? { clientSecret: secret } : {}),
      }),
    onSuccess: () => {
      setSecret('');
      setErrors({});
      notifySuccess(t('records:providers.account.saved'));
      refresh();
    },
    onError: (e) => {
      if (isApiError(e) && e.field) setErrors({ [e.field]: e.message });
      else notifyError(errorMessage(e));
    },
  });
  const renew = useMutation({
    mutationFn: () => providersApi.renewToken(companyId),
    onSuccess: () => {
      notifySuccess(t('records:providers.account.renewed'));
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e), t('records:providers.account.renewFailed')),
  });
  const submit = () => {
    const next: Record<string, string> = {};
    if (!/^https?:\/\/\S+$/.test(baseUrl.trim())) next.baseUrl = t('records:providers.errors.url');
    if (!clientId.trim()) next.clientId = t('records:providers.errors.required');
    if (!a.hasSecret && !secret) next.clientSecret = t('records:providers.errors.required');
    setErrors(next);
    if (Object.keys(next).length === 0) save.mutate();
  };
  const tok = a.token;
  return (
    <Paper withBorder p="md" data-testid="provider-account">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={4}>{t('records:providers.account.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('records:providers.account.hint')}
            </Text>
          </div>
          <Badge color={STATE_COLORS[tok.state]} variant="light" data-testid="provider-token-state">
            {t(`records:providers.account.token.${tok.state}`)}
          </Badge>
        </Group>
        <Group align="flex-start" grow>
          <TextInput
            label={t('records:providers.account.baseUrl')}
            value={a.sample ? t('records:providers.sampleAddress') : baseUrl}
            onChange={(e) => setBaseUrl(e.currentTarget.value)}
            error={errors.baseUrl}
            disabled={a.sample}
          />
          <TextInput
            label={t('records:providers.account.clientId')}
            value={clientId}
            onChange={(e) => setClientId(e.currentTarget.value)}
            error={errors.clientId}
            disabled={a.sample}
          />
          <PasswordInput
            label={t('records:providers.account.clientSecret')}
            description={a.hasSecret ? t('records:providers.account.secretStored') : t('records:providers.notStored')}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            error={errors.clientSecret}
            disabled={a.sample}
            autoComplete="new-password"
          />
        </Group>
        {a.sample && (
          // the body colour: orange.9 on white is 4.3:1, under WCAG AA's 4.5:1 for this size (axe, screens harness)
          <Text size="sm" fw={500}>
            {t('records:providers.sampleAccount')}
          </Text>
        )}
        <Text size="sm" data-testid="provider-token-text">
          {tok.state === 'none'
            ? t('records:providers.account.noToken')
            : t(`records:providers.account.tokenText.${tok.state}`, {
                expires: formatDateTime(tok.expiresAt),
                renewed: formatDateTime(tok.renewedAt),
                by: tok.renewedBy ?? t('records:calls.platformUser'),
              })}
        </Text>
        <Group justify="flex-end">
          {!a.sample && (
            <Button variant="default" onClick={submit} loading={save.isPending}>
              {t('records:providers.account.save')}
            </Button>
          )}
          <Button
            leftSection={<IconKey size={16} />}
            onClick={() => renew.mutate()}
            loading={renew.isPending}
            disabled={!a.configured || !a.hasSecret}
            data-testid="provider-token-renew"
          >
            {t(tok.state === 'none' ? 'records:providers.account.create' : 'records:providers.account.renew')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
