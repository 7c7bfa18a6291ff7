import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props extends Pick<TextInputProps, 'w' | 'maw'> {
  value: string;
  onChange: (value: string) => void;
}

/** The search box of a company list (document or name). */
export function ListSearchInput({ value, onChange, ...size }: Props) {
  const { t } = useTranslation('screening');
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={t('screening:blacklist.search')}
      aria-label={t('screening:blacklist.search')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...size}
    />
  );
}
