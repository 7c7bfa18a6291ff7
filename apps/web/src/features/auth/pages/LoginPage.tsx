import { Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBrandWindows } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { notifyError } from '../../../app/notify/notify';
import { useSession } from '../../../app/session/useSession';
import { usePublicSettings } from '../../../app/settings/usePublicSettings';
import { AuthCard } from '../components/AuthCard';
import { captchaToken, ssoDiscover, ssoStart } from '../hooks/auth-api';
import { authKeys } from '../keys';
import { signInSolvingChallenge } from '../lib/sign-in';
import { rememberSso, ssoDomainOf } from '../lib/sso-pending';

/**
 * Sign-in: e-mail and password, forgot-password link, version, and 'log in with Microsoft' once the e-mail's domain
 * has a single sign-on provider (asked as the address is typed).
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const { login } = useSession();
  const { data: settings } = usePublicSettings();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [solving, setSolving] = useState(false);
  // the guard then leaves /login for the return path or /hall: the button stays busy until it does; after
  // repeated failures the server asks for a proof of work, solved here without the user doing anything
  const signIn = useMutation({
    mutationFn: () => {
      const address = email.trim();
      return signInSolvingChallenge(
        (captcha) => login(address, password, captcha),
        () => captchaToken(address),
        setSolving,
      );
    },
    onError: (error) => notifyError(isApiError(error) ? error.message : t('errors:INTERNAL')),
  });
  const [typed] = useDebouncedValue(email, 350);
  const domain = ssoDomainOf(typed);
  const sso = useQuery({
    queryKey: authKeys.ssoDiscover(domain),
    queryFn: () => ssoDiscover(typed.trim()),
    enabled: !!domain,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const ssoProvider = domain && sso.data?.enabled ? (sso.data.providerName ?? 'Microsoft') : null;
  // the provider's page replaces this one: the button stays busy until it does
  const startSso = useMutation({
    mutationFn: async () => {
      const started = await ssoStart(email.trim());
      rememberSso({ state: started.state, binding: started.binding });
      window.location.assign(started.url);
    },
    onError: (error) => notifyError(isApiError(error) ? error.message : t('errors:INTERNAL')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };

  return (
    <AuthCard title={t('auth:login.title')} subtitle={t('auth:login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth:fields.email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            name="email"
          />
          <PasswordInput
            label={t('auth:fields.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            name="password"
          />
          <Anchor component={Link} to="/login/recoverPassword" size="sm" ta="right">
            {t('auth:login.forgot')}
          </Anchor>
          <Button type="submit" loading={signIn.isPending || signIn.isSuccess} disabled={!email || !password} fullWidth>
            {t('auth:login.submit')}
          </Button>
          {solving && (
            <Text size="sm" c="dimmed" ta="center" role="status" data-testid="login-challenge">
              {t('auth:login.challenge')}
            </Text>
          )}
        </Stack>
      </form>
      {ssoProvider && (
        <>
          <Divider label={t('common:or')} labelPosition="center" />
          <Button
            variant="default"
            leftSection={<IconBrandWindows size={18} />}
            onClick={() => startSso.mutate()}
            loading={startSso.isPending || startSso.isSuccess}
            fullWidth
            data-testid="login-sso"
          >
            {ssoProvider === 'Microsoft' ? t('auth:login.sso') : t('auth:login.ssoWith', { provider: ssoProvider })}
          </Button>
        </>
      )}
      {settings && (
        <Text size="xs" c="dimmed" ta="center" data-testid="app-version">
          {t('auth:login.version', { version: settings.version })}
        </Text>
      )}
    </AuthCard>
  );
}
