import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { askWhile, ConfirmModal } from '../../../app/ui/ConfirmModal';
import type { Company } from '../api/admin-api';
import { companyConfigApi, type SsoConfig } from '../api/company-config-api';
import { adminKeys } from '../keys';

type Field = 'providerName' | 'issuerUrl' | 'clientId' | 'clientSecret' | 'domains';

/** The server's field ('domains.1', 'issuerUrl') as a field of this form. */
function fieldOf(field: string | undefined): Field | null {
  const head = (field ?? '').replace(/^body\./, '').split('.')[0] ?? '';
  return (
    (['providerName', 'issuerUrl', 'clientId', 'clientSecret', 'domains'] as const).find((f) => f === head) ?? null
  );
}

/**
 * The company's single sign-on (OpenID Connect): the provider's issuer, the client id and secret registered there
 * (the secret is never shown again: left empty it is kept) and the e-mail domains it signs in. The redirect URI to
 * register at the provider is shown with a copy button.
 */
export function CompanySsoForm({ company }: { company: Company }) {
  const { t } = useTranslation(['companyConfig', 'admin']);
  const qc = useQueryClient();
  const key = adminKeys.sso(company.id);
  const sso = useQuery({ queryKey: key, queryFn: () => companyConfigApi.sso(company.id) });
  useErrorToast(sso.error);
  const [draft, setDraft] = useState<SsoConfig | null>(null);
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [removing, setRemoving] = useState(false);
  useEffect(() => {
    // the switch shows the stored state, never a default: with nothing configured the server answers off (issue 27)
    if (sso.data) setDraft(sso.data);
  }, [sso.data]);

  const save = useMutation({
    mutationFn: (d: SsoConfig) =>
      companyConfigApi.saveSso(company.id, {
        providerName: d.providerName.trim(),
        issuerUrl: d.issuerUrl.trim(),
        clientId: d.clientId.trim(),
        ...(secret.trim() ? { clientSecret: secret.trim() } : {}),
        domains: d.domains,
        enabled: d.enabled,
      }),
    onSuccess: (saved) => {
      qc.setQueryData(key, saved);
      setSecret('');
      setErrors({});
      notifySuccess(t('companyConfig:sso.saved'));
    },
    onError: (e) => {
      const field = isApiError(e) ? fieldOf(e.field) : null;
      if (field) setErrors({ [field]: e.message });
      notifyError(e instanceof Error ? e.message : String(e));
    },
  });
  const remove = useMutation({
    mutationFn: () => companyConfigApi.removeSso(company.id),
    onSuccess: (saved) => {
      setRemoving(false);
      qc.setQueryData(key, saved);
      setDraft(saved);
      notifySuccess(t('companyConfig:sso.removed'));
    },
    onError: (e) => {
      setRemoving(false);
      notifyError(e instanceof Error ? e.message : String(e));
    },
  });

  if (!draft) return <Skeleton height={280} />;
  const set = (patch: Partial<SsoConfig>) => {
    setDraft({ ...draft, ...patch });
    setErrors({});
  };
  const required = (v: string) => (v.trim() ? null : t('admin:validation.required'));
  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    for (const f of ['providerName', 'issuerUrl', 'clientId'] as const) {
      const e = required(draft[f]);
      if (e) found[f] = e;
    }
    if (!draft.hasClientSecret && !secret.trim()) found.clientSecret = t('admin:validation.required');
    if (draft.domains.length === 0) found.domains = t('admin:validation.required');
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(draft);
  };

  return (
    <Stack gap="md" maw={620}>
      <Text size="sm" c="dimmed">
        {t('companyConfig:sso.hint')}
      </Text>
      <Alert variant="light" title={t('companyConfig:sso.redirectUri')}>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="sso-redirect-uri" style={{ wordBreak: 'break-all' }}>
            {draft.redirectUri}
          </Code>
          <CopyButton value={draft.redirectUri}>
            {({ copied, copy }) => (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              >
                {copied ? t('companyConfig:sso.copied') : t('companyConfig:sso.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Alert>
      <Switch
        label={t('companyConfig:sso.enabled')}
        checked={draft.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
        data-testid="sso-enabled"
      />
      <TextInput
        label={t('companyConfig:sso.providerName')}
        description={t('companyConfig:sso.providerNameHint')}
        required
        maxLength={60}
        value={draft.providerName}
        onChange={(e) => set({ providerName: e.currentTarget.value })}
        error={errors.providerName}
        data-testid="sso-provider"
      />
      <TextInput
        label={t('companyConfig:sso.issuerUrl')}
        description={t('companyConfig:sso.issuerHint')}
        placeholder="https://login.microsoftonline.com/<tenant>/v2.0"
        required
        value={draft.issuerUrl}
        onChange={(e) => set({ issuerUrl: e.currentTarget.value })}
        error={errors.issuerUrl}
        data-testid="sso-issuer"
      />
      <TextInput
        label={t('companyConfig:sso.clientId')}
        required
        value={draft.clientId}
        onChange={(e) => set({ clientId: e.currentTarget.value })}
        error={errors.clientId}
        data-testid="sso-client-id"
      />
      <PasswordInput
        label={t('companyConfig:sso.clientSecret')}
        description={draft.hasClientSecret ? t('companyConfig:sso.secretKept') : t('companyConfig:sso.secretHint')}
        required={!draft.hasClientSecret}
        value={secret}
        onChange={(e) => {
          setSecret(e.currentTarget.value);
          setErrors({});
        }}
        error={errors.clientSecret}
        autoComplete="new-password"
        data-testid="sso-client-secret"
      />
      <TagsInput
        label={t('companyConfig:sso.domains')}
        description={t('companyConfig:sso.domainsHint')}
        placeholder={t('companyConfig:sso.domainsPlaceholder')}
        required
        value={draft.domains}
        onChange={(domains) => set({ domains: domains.map((d) => d.trim().toLowerCase()) })}
        allowDuplicates
        splitChars={[',', ' ', ';']}
        error={errors.domains}
        data-testid="sso-domains"
      />
      <Group justify="space-between">
        {draft.configured ? (
          <Button variant="subtle" color="red" onClick={() => setRemoving(true)} data-testid="sso-remove">
            {t('companyConfig:sso.remove')}
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={submit} loading={save.isPending} data-testid="sso-save">
          {t('companyConfig:common.save')}
        </Button>
      </Group>
      <ConfirmModal
        {...askWhile(removing, setRemoving, remove)}
        danger={t('companyConfig:sso.remove')}
        message={t('companyConfig:sso.removeMessage', { name: company.name })}
      />
    </Stack>
  );
}
