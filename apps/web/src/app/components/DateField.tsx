import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DateFieldProps {
  label?: ReactNode;
  /** a plain date 'YYYY-MM-DD', or '' for none */
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  description?: ReactNode;
  'data-testid'?: string;
  maxDate?: string;
}

/**
 * A date typed or picked as dd/mm/yyyy (section 9: "Date format dd/mm/yyyy") whatever the browser's locale; its value
 * is the plain date 'YYYY-MM-DD' the API takes.
 */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  const { t } = useTranslation('common');
  return (
    <DateInput
      clearButtonProps={{ 'aria-label': t('common:clearDate') }}
      {...rest}
      value={value || null}
      onChange={(v) => onChange(v ? v.slice(0, 10) : '')}
      valueFormat="DD/MM/YYYY"
      placeholder={rest.placeholder ?? t('common:datePlaceholder')}
      clearable
      dateParser={(input) => {
        const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(input.trim());
        if (!m) return null;
        const [, d, mo, y] = m;
        return `${y}-${mo?.padStart(2, '0')}-${d?.padStart(2, '0')}`;
      }}
    />
  );
}
