import { PasswordInput } from '@mantine/core';
import { isStrongPassword } from '@regcheck/shared/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from './PasswordChecklist';

export interface NewPassword {
  password: string;
  confirmation: string;
  setPassword: (value: string) => void;
  setConfirmation: (value: string) => void;
  /** strong (section 5's rules) and confirmed */
  valid: boolean;
  clear: () => void;
}

/** The state of a new password and its confirmation: the change of one's own password and the recovery link's. */
export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    confirmation,
    setPassword,
    setConfirmation,
    valid: isStrongPassword(password) && password === confirmation,
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
  };
}

/** The new password, its confirmation (with the mismatch error) and the live rules below them. */
export function NewPasswordFields({ value }: { value: NewPassword }) {
  const { t } = useTranslation('auth');
  const { password, confirmation } = value;
  return (
    <>
      <PasswordInput
        label={t('auth:fields.newPassword')}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => value.setPassword(e.currentTarget.value)}
      />
      <PasswordInput
        label={t('auth:fields.confirmPassword')}
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(e) => value.setConfirmation(e.currentTarget.value)}
        error={confirmation && password !== confirmation ? t('auth:password.mustMatch') : undefined}
      />
      <PasswordChecklist password={password} confirmation={confirmation} />
    </>
  );
}
