import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { useSession, useUser } from '../../../app/session/useSession';
import { NewPasswordFields, useNewPassword } from '../components/NewPasswordFields';
import { changeOwnPassword } from '../hooks/auth-api';

/**
 * Changes the logged user's password: old, new and confirmation. When the administrator asked for a new password
 * the guard keeps the user here until it is changed; then the session is read again and the user goes on to /hall.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const user = useUser();
  const { refreshUser } = useSession();
  const navigate = useNavigate();
  const forced = user.askPasswordChange;
  const [oldPassword, setOldPassword] = useState('');
  const newPassword = useNewPassword();
  const { password, confirmation } = newPassword;
  const valid = oldPassword.length > 0 && newPassword.valid;

  const change = useMutation({
    mutationFn: () => changeOwnPassword(user.id, { oldPassword, password, confirmPassword: confirmation }),
    onSuccess: async () => {
      notifySuccess(t('auth:changePassword.success'));
      setOldPassword('');
      newPassword.clear();
      if (forced) {
        await refreshUser();
        void navigate('/hall', { replace: true });
      }
    },
    // the old-password reason is worth showing as is; anything else gets the spec's generic message
    onError: (error) =>
      notifyError(
        isApiError(error) && error.code !== 'INTERNAL' && error.code !== 'NETWORK'
          ? error.message
          : t('errors:PASSWORD_NOT_UPDATED'),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    change.mutate();
  };

  return (
    <Stack maw={480} gap="md">
      <Title order={2}>{t('auth:changePassword.title')}</Title>
      {forced && (
        <Alert color="orange" data-testid="password-change-forced">
          {t('auth:changePassword.forced')}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={t('auth:fields.oldPassword')}
              autoComplete="current-password"
              required
              value={oldPassword}
              onChange={(e) => setOldPassword(e.currentTarget.value)}
            />
            <NewPasswordFields value={newPassword} />
            <Button type="submit" loading={change.isPending} disabled={!valid}>
              {t('auth:changePassword.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
