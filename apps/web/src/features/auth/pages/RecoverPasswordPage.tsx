import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { companyLanguageOf } from '@regcheck/shared/locales/language';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { currentLocale } from '../../../app/i18n/i18n';
import { notifyError } from '../../../app/notify/notify';
import { AuthCard, BackToLogin } from '../components/AuthCard';
import { captchaToken, requestRecovery } from '../hooks/auth-api';

/** Asks for a recovery e-mail after solving the invisible challenge; the answer never says if the e-mail exists. */
export function RecoverPasswordPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  const recover = useMutation({
    mutationFn: async () => {
      const captcha = await captchaToken();
      await requestRecovery(email.trim(), companyLanguageOf(currentLocale()), captcha);
    },
    onSuccess: () => setSent(true),
    onError: (error) => notifyError(isApiError(error) ? error.message : t('errors:VERIFY_FAILED')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    recover.mutate();
  };

  return (
    <AuthCard title={t('auth:recover.title')} subtitle={t('auth:recover.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth:fields.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            name="email"
          />
          <Button type="submit" loading={recover.isPending} disabled={!email.trim()} fullWidth>
            {t('auth:recover.submit')}
          </Button>
          <BackToLogin />
        </Stack>
      </form>
      <Modal
        opened={sent}
        onClose={() => void navigate('/login')}
        title={t('auth:recover.sentTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          <Text data-testid="recover-sent">{t('auth:recover.sent', { email: email.trim() })}</Text>
          <Button onClick={() => void navigate('/login')}>{t('auth:backToLogin')}</Button>
        </Stack>
      </Modal>
    </AuthCard>
  );
}
