import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { sanitizeReturnPath } from '../../../app/router/return-path';
import { useSession } from '../../../app/session/useSession';
import { AuthCard } from '../components/AuthCard';
import { takeSso } from '../lib/sso-pending';

/**
 * Where the identity provider sends the browser back (/login/config-msal?code&state&iss): the code, the state, the
 * issuer and this tab's binding go to POST /api/users/login-sso, which signs in the existing user or answers the
 * translated reason (no token, expired or replayed state, unknown user, domain not allowed).
 */
export function SsoCallbackPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const { loginSso } = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(search);
    const pending = takeSso();
    if (query.get('error')) {
      setError(t('auth:sso.providerRefused'));
      return;
    }
    const state = query.get('state') ?? undefined;
    loginSso({
      token: query.get('code') ?? undefined,
      state,
      iss: query.get('iss') ?? undefined,
      // a state this tab did not start gets no binding: the server refuses it
      binding: pending && pending.state === state ? pending.binding : undefined,
    })
      .then(() => navigate(sanitizeReturnPath(query.get('returnTo')) ?? '/hall', { replace: true }))
      .catch((e: unknown) => setError(isApiError(e) ? e.message : t('errors:INTERNAL')));
  }, [loginSso, navigate, search, t]);

  return (
    <AuthCard title={t('auth:login.sso')}>
      <Stack align="center" gap="sm">
        {error ? (
          <Text c="red.9" role="alert" ta="center" data-testid="sso-error">
            {error}
          </Text>
        ) : (
          <Loader aria-label={t('auth:sso.signingIn')} />
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('auth:backToLogin')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
