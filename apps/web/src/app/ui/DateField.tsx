import { Group } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { joinDateTime, parseTypedDate, plainDate, splitDateTime } from './date-value';

export interface DateFieldProps {
  label?: ReactNode;
  /** a plain date 'YYYY-MM-DD', or '' for none */
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  description?: ReactNode;
  'data-testid'?: string;
  /** set on the input (a form's field key, a pre-filled mark) */
  'data-field'?: string;
  'data-prefilled'?: string;
  minDate?: string;
  maxDate?: string;
  /** false: no clear button (the date of a date and time) */
  clearable?: boolean;
  style?: CSSProperties;
}

/**
 * The one date input of the screens (decision 261): typed or picked as dd/mm/yyyy whatever the browser's locale,
 * the calendar's months and weekdays in the page's language (app/i18n/DatesLocale); its value is the plain date
 * 'YYYY-MM-DD' the API takes. Never a native date input, which shows the browser's mm/dd/yyyy.
 */
export function DateField({ value, onChange, clearable = true, readOnly, ...rest }: DateFieldProps) {
  const { t } = useTranslation('common');
  return (
    <DateInput
      clearButtonProps={{ 'aria-label': t('common:clearDate') }}
      {...rest}
      readOnly={readOnly}
      value={value || null}
      onChange={(v) => onChange(plainDate(v))}
      valueFormat="DD/MM/YYYY"
      placeholder={rest.placeholder ?? t('common:datePlaceholder')}
      clearable={clearable && !readOnly}
      dateParser={parseTypedDate}
    />
  );
}

export interface DateTimeFieldProps extends Omit<DateFieldProps, 'value' | 'onChange' | 'clearable'> {
  /** the local date and time 'YYYY-MM-DDTHH:mm' (a datetime-local value), or '' for none */
  value: string;
  onChange(value: string): void;
}

/**
 * The date and time variant: the same date input (dd/mm/yyyy) and a 24-hour time beside it (HH:mm); its value is
 * 'YYYY-MM-DDTHH:mm' in local time, as a native datetime-local input gave it ('YYYY-MM-DDT' while the time is not
 * whole, which no date reads).
 */
export function DateTimeField({ value, onChange, 'data-testid': testId, ...rest }: DateTimeFieldProps) {
  const { t } = useTranslation('common');
  const { date, time } = splitDateTime(value);
  // a time being typed (not whole yet) is not a value: the picker keeps showing what was typed
  const lastTime = useRef(time);
  if (time) lastTime.current = time;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" data-testid={testId}>
      <DateField
        {...rest}
        value={date}
        onChange={(d) => onChange(joinDateTime(d, time || lastTime.current))}
        clearable={false}
        data-testid={testId && `${testId}-date`}
        style={{ flex: 1 }}
      />
      <TimePicker
        label={t('common:dateField.time')}
        required={rest.required}
        disabled={rest.disabled}
        readOnly={rest.readOnly}
        format="24h"
        value={time || lastTime.current}
        onChange={(tm) => onChange(joinDateTime(date, tm))}
        hoursInputLabel={t('common:dateField.hours')}
        minutesInputLabel={t('common:dateField.minutes')}
        data-testid={testId && `${testId}-time`}
        w={110}
      />
    </Group>
  );
}
