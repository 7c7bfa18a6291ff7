import { Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../app/ui/DateField';
import { type Period, PRESETS, type Preset, periodProblem, presetPeriod } from '../lib/period';

interface Props {
  value: Period;
  onChange: (p: Period) => void;
  testId?: string;
}

/** The date range: a preset (last 30 days, today, yesterday, this month, this year, last month, from the beginning) or two dates. */
export function PeriodPicker({ value, onChange, testId = 'period' }: Props) {
  const { t } = useTranslation('reports');
  const preset = PRESETS.find((p) => {
    const pp = presetPeriod(p);
    return pp.from === value.from && pp.to === value.to;
  });
  const problem = periodProblem(value);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid={testId}>
      <Select
        label={t('reports:period.preset')}
        data={PRESETS.map((p) => ({ value: p, label: t(`reports:period.presets.${p}`) }))}
        value={preset ?? null}
        placeholder={t('reports:period.custom')}
        onChange={(p) => p && onChange(presetPeriod(p as Preset))}
        w={200}
        data-testid={`${testId}-preset`}
      />
      <DateField
        label={t('reports:period.from')}
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
        error={problem === 'reports:errors.REPORT_RANGE_INVALID' ? t(problem) : undefined}
        data-testid={`${testId}-from`}
      />
      <DateField
        label={t('reports:period.to')}
        value={value.to}
        onChange={(to) => onChange({ ...value, to })}
        data-testid={`${testId}-to`}
      />
      {problem === 'reports:period.required' && (
        <Text c="red.9" size="sm">
          {t(problem)}
        </Text>
      )}
    </Group>
  );
}
