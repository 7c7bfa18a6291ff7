import { List, ThemeIcon } from '@mantine/core';
import { checkPassword, type PasswordCheck } from '@regcheck/shared/password';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const RULES: (keyof PasswordCheck)[] = ['length', 'upper', 'lower', 'digit', 'special'];

interface Props {
  password: string;
  confirmation: string;
}

/** The live password rules of section 5, plus whether the confirmation matches. */
export function PasswordChecklist({ password, confirmation }: Props) {
  const { t } = useTranslation('auth');
  const check = checkPassword(password);
  const items = [
    ...RULES.map((rule) => ({ key: rule, ok: check[rule], label: t(`auth:password.rules.${rule}`) })),
    { key: 'match', ok: password.length > 0 && password === confirmation, label: t('auth:password.mustMatch') },
  ];
  return (
    <List spacing={4} size="sm" center aria-live="polite" data-testid="password-checklist">
      {items.map((item) => (
        <List.Item
          key={item.key}
          data-ok={item.ok}
          icon={
            <ThemeIcon color={item.ok ? 'teal' : 'gray'} size={18} radius="xl" aria-hidden>
              {item.ok ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
          }
        >
          {item.label}
        </List.Item>
      ))}
    </List>
  );
}
