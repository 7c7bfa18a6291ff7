import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { notifyError } from '../../../app/notify/notify';
import { AuthCard, BackToLogin } from '../components/AuthCard';
import { NewPasswordFields, useNewPassword } from '../components/NewPasswordFields';
import { checkRecovery, resetPassword } from '../hooks/auth-api';

type Phase = 'checking' | 'invalid' | 'form' | 'done';

/** Sets a new password from a recovery link: checks the link first, then the live rules, then success. */
export function RestorePasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const params = useParams();
  const token = params.token ?? '';
  const email = params.email ? decodeURIComponent(params.email) : undefined;
  const [phase, setPhase] = useState<Phase>('checking');
  const [invalidReason, setInvalidReason] = useState('');
  const newPassword = useNewPassword();

  useEffect(() => {
    let cancelled = false;
    if (!token) {
      setInvalidReason(t('errors:RECOVERY_TOKEN_INVALID'));
      setPhase('invalid');
      return;
    }
    checkRecovery(token, email)
      .then(() => !cancelled && setPhase('form'))
      .catch((error: unknown) => {
        if (cancelled) return;
        setInvalidReason(isApiError(error) ? error.message : t('errors:RECOVERY_TOKEN_INVALID'));
        setPhase('invalid');
      });
    return () => {
      cancelled = true;
    };
  }, [token, email, t]);

  const { password, confirmation, valid } = newPassword;

  const restore = useMutation({
    mutationFn: () => resetPassword({ token, email, password, confirmPassword: confirmation }),
    onSuccess: () => setPhase('done'),
    onError: (error) => notifyError(isApiError(error) ? error.message : t('errors:PASSWORD_NOT_UPDATED')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    restore.mutate();
  };

  if (phase === 'done') {
    return (
      <AuthCard title={t('auth:restore.doneTitle')}>
        <Text ta="center" data-testid="restore-done">
          {t('auth:restore.done')}
        </Text>
        <Button component={Link} to="/login" fullWidth>
          {t('auth:restore.goToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:restore.title')}>
      {phase === 'checking' && <Loader mx="auto" aria-label={t('auth:restore.checking')} />}
      {phase === 'invalid' && (
        <Stack>
          <Alert color="red" role="alert">
            {invalidReason}
          </Alert>
          <Anchor component={Link} to="/login/recoverPassword" ta="center">
            {t('auth:restore.askAgain')}
          </Anchor>
        </Stack>
      )}
      {phase === 'form' && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <NewPasswordFields value={newPassword} />
            <Button type="submit" loading={restore.isPending} disabled={!valid} fullWidth>
              {t('auth:restore.submit')}
            </Button>
            <BackToLogin />
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
