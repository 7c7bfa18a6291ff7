import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DayString, presetRange } from '../lib/list-filter';

interface Props {
  value: [DayString | null, DayString | null];
  onChange: (value: [DayString | null, DayString | null]) => void;
}

/** Date range with the spec presets: today, yesterday, this month, this year, last month, from the beginning. */
export function DateRangeFilter({ value, onChange }: Props) {
  const { t } = useTranslation('fichas');
  const presets = DATE_PRESETS.map((p) => ({
    value: presetRange(p) as [DayString, DayString],
    label: t(`fichas:dateRange.${p}`),
  }));
  return (
    <DatePickerInput
      type="range"
      label={t('fichas:list.filters.createdAt')}
      placeholder={t('fichas:dateRange.placeholder')}
      valueFormat="DD/MM/YYYY"
      value={value}
      onChange={(v) => onChange([v[0] ? String(v[0]).slice(0, 10) : null, v[1] ? String(v[1]).slice(0, 10) : null])}
      presets={presets}
      clearable
      allowSingleDateInRange
      miw={230}
    />
  );
}
