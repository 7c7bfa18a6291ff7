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

interface FieldsProps {
  value: NewPassword;
  /** the two fields' labels (auth's by default) */
  labels?: { password: string; confirmation: string };
  /** the two fields' errors (by default none on the password, the mismatch on the confirmation) */
  errors?: { password?: string; confirmation?: string };
  testIds?: { password: string; confirmation: string };
}

/** The new password, its confirmation (with the mismatch error) and the live rules below them. */
export function NewPasswordFields({ value, labels, errors, testIds }: FieldsProps) {
  const { t } = useTranslation('auth');
  const { password, confirmation } = value;
  const mismatch = confirmation && password !== confirmation ? t('auth:password.mustMatch') : undefined;
  const fields = [
    { key: 'password', text: password, set: value.setPassword, error: errors ? errors.password : undefined },
    {
      key: 'confirmation',
      text: confirmation,
      set: value.setConfirmation,
      error: errors ? errors.confirmation : mismatch,
    },
  ] as const;
  return (
    <>
      {fields.map((f) => (
        <PasswordInput
          key={f.key}
          label={labels?.[f.key] ?? t(f.key === 'password' ? 'auth:fields.newPassword' : 'auth:fields.confirmPassword')}
          autoComplete="new-password"
          required
          value={f.text}
          onChange={(e) => f.set(e.currentTarget.value)}
          error={f.error}
          data-testid={testIds?.[f.key]}
        />
      ))}
      <PasswordChecklist password={password} confirmation={confirmation} />
    </>
  );
}
