import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { useSession } from '../../../app/session/useSession';
import { AuthCard } from '../components/AuthCard';

/** The token an identity provider hands back in the query or the fragment. */
function tokenFrom(search: string, hash: string): string {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return query.get('token') ?? fragment.get('id_token') ?? fragment.get('token') ?? '';
}

/**
 * Single sign-on return page (config-msal): exchanges the provider's token with POST /api/users/login-sso.
 * The server answers the translated reason when there is no token or no provider is configured.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const { loginSso } = useSession();
  const { search, hash } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    loginSso(tokenFrom(search, hash)).catch((e: unknown) => {
      setError(isApiError(e) ? e.message : t('errors:INTERNAL'));
    });
  }, [loginSso, search, hash, t]);

  return (
    <AuthCard title={t('auth:login.sso')}>
      <Stack align="center" gap="sm">
        {error ? (
          <Text c="red" role="alert" ta="center">
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
