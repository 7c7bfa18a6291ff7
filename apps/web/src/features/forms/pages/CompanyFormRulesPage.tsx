import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { formSettingsApi, type Rules } from '../api/forms-api';
import { formsKeys } from '../keys';

const CURRENCIES = ['USD', 'CLP', 'UF', 'BRL'] as const;

/** A file as base64 (the P12 travels in JSON). */
async function base64Of(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * /regcheck/companies/{id}/edit/dofPannel: the company's form rules (PATCH /companies/form/{id}): from which amount
 * (and in which currency) a DOF is required, BF for legal persons, PEP for PEPs and their relatives, and the
 * declaration update window; and the company's own signing certificate (P12 and password; the password never comes
 * back).
 */
export function CompanyFormRulesPage() {
  const { t } = useTranslation();
  const { id: companyId = '' } = useParams();
  const qc = useQueryClient();
  const rules = useQuery({ queryKey: formsKeys.rules(companyId), queryFn: () => formSettingsApi.rules(companyId) });
  const [v, setV] = useState<Rules | null>(null);
  const [err, setErr] = useState<{ field?: string; message: string } | null>(null);
  useEffect(() => {
    if (rules.data) setV(rules.data);
  }, [rules.data]);
  const save = useMutation({
    mutationFn: (r: Rules) => formSettingsApi.saveRules(companyId, r),
    onSuccess: (r) => {
      setErr(null);
      qc.setQueryData(formsKeys.rules(companyId), r);
      notifySuccess(t('forms:rules.saved'));
    },
    onError: (e) => setErr({ field: isApiError(e) ? e.field : undefined, message: errorMessage(e) }),
  });
  const key = useQuery({
    queryKey: formsKeys.signingKey(companyId),
    queryFn: () => formSettingsApi.signingKey(companyId),
  });
  const [p12, setP12] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const upload = useMutation({
    mutationFn: async () => formSettingsApi.uploadKey(companyId, { p12: await base64Of(p12 as File), password }),
    onSuccess: () => {
      setP12(null);
      setPassword('');
      notifySuccess(t('forms:rules.keySaved'));
      void qc.invalidateQueries({ queryKey: formsKeys.signingKey(companyId) });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: () => formSettingsApi.removeKey(companyId),
    onSuccess: () => {
      notifySuccess(t('forms:rules.keyRemoved'));
      void qc.invalidateQueries({ queryKey: formsKeys.signingKey(companyId) });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const fieldError = (f: string) => (err?.field === f ? err.message : undefined);

  return (
    <Stack gap="md">
      <Title order={3}>{t('forms:rules.title')}</Title>
      <Card withBorder>
        {rules.isError ? <Alert color="red">{errorMessage(rules.error)}</Alert> : null}
        {!v ? (
          <Skeleton h={200} />
        ) : (
          <Stack gap="sm" data-testid="form-rules">
            <Text size="sm" c="dimmed">
              {t('forms:rules.intro')}
            </Text>
            <Group align="flex-start" wrap="wrap">
              <NumberInput
                label={t('forms:rules.dofThreshold')}
                description={t('forms:rules.dofThresholdHelp')}
                min={0}
                thousandSeparator="."
                decimalSeparator=","
                value={v.dofThreshold}
                error={fieldError('dofThreshold')}
                onChange={(n) => setV({ ...v, dofThreshold: typeof n === 'number' ? n : 0 })}
                w={280}
                data-testid="rule-dof-threshold"
              />
              <Select
                label={t('forms:rules.dofCurrency')}
                description={t('forms:rules.dofCurrencyHelp')}
                data={[
                  { value: '', label: t('forms:rules.operationCurrency') },
                  ...CURRENCIES.map((c) => ({ value: c, label: c })),
                ]}
                value={v.dofCurrency ?? ''}
                onChange={(c) => setV({ ...v, dofCurrency: (c || null) as Rules['dofCurrency'] })}
                w={280}
                data-testid="rule-dof-currency"
              />
            </Group>
            <Switch
              label={t('forms:rules.bfForLegal')}
              checked={v.bfForLegal}
              onChange={(e) => setV({ ...v, bfForLegal: e.currentTarget.checked })}
            />
            <Switch
              label={t('forms:rules.pepForPeps')}
              checked={v.pepForPeps}
              onChange={(e) => setV({ ...v, pepForPeps: e.currentTarget.checked })}
            />
            <NumberInput
              label={t('forms:rules.updateWindowDays')}
              description={t('forms:rules.updateWindowHelp')}
              min={1}
              max={3650}
              value={v.updateWindowDays}
              error={fieldError('updateWindowDays')}
              onChange={(n) => setV({ ...v, updateWindowDays: typeof n === 'number' ? n : 0 })}
              w={280}
              data-testid="rule-window"
            />
            {err && !err.field ? <Alert color="red">{err.message}</Alert> : null}
            <Group justify="flex-end">
              <Button onClick={() => save.mutate(v)} loading={save.isPending} data-testid="rules-save">
                {t('forms:rules.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Card>

      <Card withBorder data-testid="signing-key">
        <Stack gap="sm">
          <Title order={4}>{t('forms:rules.keyTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('forms:rules.keyIntro')}
          </Text>
          {key.isLoading ? <Skeleton h={60} /> : null}
          {key.isError ? <Alert color="red">{errorMessage(key.error)}</Alert> : null}
          {key.data ? (
            <Alert color="green" title={t('forms:rules.keyInUse')}>
              <Stack gap={2}>
                <Text size="sm">{key.data.subject}</Text>
                <Text size="sm">
                  {t('forms:rules.keyValidity', {
                    from: formatDate(key.data.notBefore),
                    to: formatDate(key.data.notAfter),
                  })}
                </Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {t('forms:rules.keyFingerprint', { fingerprint: key.data.fingerprint })}
                </Text>
              </Stack>
            </Alert>
          ) : key.isSuccess ? (
            <Alert color="gray">{t('forms:rules.keyPlatform')}</Alert>
          ) : null}
          <Group align="flex-end" wrap="wrap">
            <FileButton accept=".p12,.pfx,application/x-pkcs12" onChange={setP12}>
              {(props) => (
                <Button variant="default" {...props} data-testid="key-file">
                  {p12 ? p12.name : t('forms:rules.keyChoose')}
                </Button>
              )}
            </FileButton>
            <PasswordInput
              label={t('forms:rules.keyPassword')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              w={260}
              autoComplete="new-password"
            />
            <Button onClick={() => upload.mutate()} disabled={!p12} loading={upload.isPending} data-testid="key-upload">
              {t('forms:rules.keyUpload')}
            </Button>
            {key.data ? (
              <Button color="red" variant="light" onClick={() => remove.mutate()} loading={remove.isPending}>
                {t('forms:rules.keyRemove')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
