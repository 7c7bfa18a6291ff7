import {
  Button,
  ColorInput,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DEFAULT_BRAND_COLOR, textOnColor } from '@regcheck/shared/format/color';
import { isValidEmail } from '@regcheck/shared/format/email';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type MailProfileInput, mailProfilesApi } from '../api/mail-profiles-api';
import { integrationsKeys } from '../keys';

const EMPTY: MailProfileInput = {
  companyName: '',
  profileName: '',
  replyEmail: '',
  templateType: 'default',
  templateKey: null,
  color: DEFAULT_BRAND_COLOR,
  logo: null,
  signature: null,
  ssoDomain: null,
  active: false,
};

type Errors = Partial<Record<keyof MailProfileInput, string>>;

/** /tools/mailcustomization/{id} ('new' to create): edit a profile with a live preview and a test e-mail. */
export function MailProfileEditPage() {
  const { t } = useTranslation('forms');
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const current = useQuery({
    queryKey: integrationsKeys.mailProfile(id),
    queryFn: () => mailProfilesApi.get(id),
    enabled: !isNew,
  });
  useErrorToast(current.error);
  const [v, setV] = useState<MailProfileInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [testTo, setTestTo] = useState('');
  useEffect(() => {
    if (current.data) {
      const { id: _id, updatedAt: _u, ...rest } = current.data;
      setV(rest);
    }
  }, [current.data]);
  const set = <K extends keyof MailProfileInput>(k: K, value: MailProfileInput[K]) =>
    setV((x) => ({ ...x, [k]: value }));

  const validate = (): Errors => {
    const e: Errors = {};
    const required = t('forms:mailProfiles.required');
    if (!v.companyName.trim()) e.companyName = required;
    if (!v.profileName.trim()) e.profileName = required;
    if (!isValidEmail(v.replyEmail)) e.replyEmail = t('forms:mailProfiles.invalidEmail');
    if (v.templateType === 'specific' && !v.templateKey?.trim())
      e.templateKey = t('forms:errors.MAIL_PROFILE_TEMPLATE_KEY_REQUIRED');
    return e;
  };

  const save = useMutation({
    mutationFn: () => {
      const body = {
        ...v,
        templateKey: v.templateType === 'specific' ? v.templateKey : null,
        ssoDomain: v.ssoDomain || null,
        logo: v.logo || null,
      };
      return isNew ? mailProfilesApi.create(body) : mailProfilesApi.update(id, body);
    },
    onSuccess: (p) => {
      notifySuccess(t('forms:mailProfiles.saved'));
      void qc.invalidateQueries({ queryKey: integrationsKeys.mailProfiles });
      if (isNew) void navigate(`/tools/mailcustomization/${p.id}`, { replace: true });
    },
    onError: (err) => {
      if (isApiError(err) && err.field) setErrors({ [err.field]: err.message });
      notifyError(errorMessage(err));
    },
  });
  const test = useMutation({
    mutationFn: () =>
      mailProfilesApi.sendCustomHtml({
        mailTo: testTo.trim(),
        subject: t('forms:mailProfiles.testSubjectUi', { profile: v.profileName }),
        body: `<p>${t('forms:mailProfiles.previewBody')}</p>`,
      }),
    onSuccess: () => notifySuccess(t('forms:mailProfiles.testSent')),
    onError: (err) => notifyError(errorMessage(err)),
  });

  const submit = () => {
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length === 0) save.mutate();
  };

  return (
    <Stack gap="lg">
      <Title order={2}>{isNew ? t('forms:mailProfiles.createTitle') : t('forms:mailProfiles.editTitle')}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <TextInput
                label={t('forms:mailProfiles.companyName')}
                required
                value={v.companyName}
                error={errors.companyName}
                onChange={(e) => set('companyName', e.currentTarget.value)}
              />
              <TextInput
                label={t('forms:mailProfiles.profileName')}
                required
                value={v.profileName}
                error={errors.profileName}
                onChange={(e) => set('profileName', e.currentTarget.value)}
              />
              <TextInput
                label={t('forms:mailProfiles.replyEmail')}
                required
                type="email"
                value={v.replyEmail}
                error={errors.replyEmail}
                onChange={(e) => set('replyEmail', e.currentTarget.value)}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('forms:mailProfiles.templateType')}
                </Text>
                <SegmentedControl
                  value={v.templateType}
                  onChange={(x) => set('templateType', x as MailProfileInput['templateType'])}
                  data={[
                    { value: 'default', label: t('forms:mailProfiles.default') },
                    { value: 'specific', label: t('forms:mailProfiles.specific') },
                  ]}
                />
              </Stack>
              {v.templateType === 'specific' && (
                <TextInput
                  label={t('forms:mailProfiles.templateKey')}
                  required
                  value={v.templateKey ?? ''}
                  error={errors.templateKey}
                  onChange={(e) => set('templateKey', e.currentTarget.value)}
                />
              )}
              <ColorInput
                label={t('forms:mailProfiles.color')}
                value={v.color}
                error={errors.color}
                onChange={(x) => set('color', x)}
                format="hex"
                withEyeDropper={false}
              />
              <TextInput
                label={t('forms:mailProfiles.logo')}
                description={t('forms:mailProfiles.logoHelp')}
                value={v.logo ?? ''}
                error={errors.logo}
                onChange={(e) => set('logo', e.currentTarget.value)}
              />
              <TextInput
                label={t('forms:mailProfiles.ssoDomain')}
                value={v.ssoDomain ?? ''}
                error={errors.ssoDomain}
                onChange={(e) => set('ssoDomain', e.currentTarget.value)}
              />
              <Textarea
                label={t('forms:mailProfiles.signature')}
                autosize
                minRows={3}
                value={v.signature ?? ''}
                onChange={(e) => set('signature', e.currentTarget.value)}
              />
              <Switch
                label={t('forms:mailProfiles.activeLabel')}
                checked={v.active}
                onChange={(e) => set('active', e.currentTarget.checked)}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void navigate('/tools/mailcustomization')}>
                  {t('forms:mailProfiles.back')}
                </Button>
                <Button onClick={submit} loading={save.isPending} data-testid="mail-profile-save">
                  {t('forms:mailProfiles.save')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Text fw={600}>{t('forms:mailProfiles.preview')}</Text>
            <Paper withBorder data-testid="mail-profile-preview" style={{ overflow: 'hidden' }}>
              <Group gap="sm" p="sm" style={{ background: v.color, color: textOnColor(v.color) }}>
                {v.logo ? <img src={v.logo} alt="" style={{ maxHeight: 32 }} /> : null}
                <Text fw={600} c={textOnColor(v.color)}>
                  {v.companyName || t('forms:mailProfiles.companyName')}
                </Text>
              </Group>
              <Stack gap="xs" p="md">
                <Text size="sm">{t('forms:mailProfiles.previewBody')}</Text>
                {v.signature ? (
                  <Text
                    size="sm"
                    c="dimmed"
                    style={{ whiteSpace: 'pre-line', borderTop: '1px solid #ddd', paddingTop: 8 }}
                  >
                    {v.signature}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {t('forms:mailProfiles.replyTo', { email: v.replyEmail || '—' })}
                </Text>
              </Stack>
            </Paper>
            {!isNew && (
              <Paper withBorder p="md">
                <Stack gap="xs">
                  <Text fw={600}>{t('forms:mailProfiles.testTitle')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('forms:mailProfiles.testHelp')}
                  </Text>
                  <Group align="flex-end">
                    <TextInput
                      style={{ flex: 1 }}
                      label={t('forms:mailProfiles.testTo')}
                      type="email"
                      value={testTo}
                      onChange={(e) => setTestTo(e.currentTarget.value)}
                    />
                    <Button
                      variant="light"
                      onClick={() => test.mutate()}
                      loading={test.isPending}
                      disabled={!testTo.trim()}
                    >
                      {t('forms:mailProfiles.sendTest')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
