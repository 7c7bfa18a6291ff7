import { Select } from '@mantine/core';
import type { RiskLevel } from '@regcheck/shared/format/index';
import { useTranslation } from 'react-i18next';

export interface PersonTypeRisk {
  personType: 'natural' | 'legal' | null;
  risk: RiskLevel | null;
}

interface Props {
  value: PersonTypeRisk;
  onChange: (patch: Partial<PersonTypeRisk>) => void;
  w: number;
  /** the selects' test ids: `${testId}-person-type` and `${testId}-risk` (none without it) */
  testId?: string;
}

/** The fichas' person type and risk filters ("all" when cleared): the fichas list and the fichas report. */
export function PersonTypeRiskSelects({ value, onChange, w, testId }: Props) {
  const { t } = useTranslation('fichas');
  // each option's words with its whole key's head written out, so that the translation-keys test checks the group
  const selects = [
    {
      key: 'personType',
      testId: 'person-type',
      options: ['natural', 'legal'].map((o) => ({ value: o, label: t(`fichas:personType.${o}`) })),
    },
    {
      key: 'risk',
      testId: 'risk',
      options: ['low', 'medium', 'high'].map((o) => ({ value: o, label: t(`fichas:risk.${o}`) })),
    },
  ] as const;
  return selects.map((s) => (
    <Select
      key={s.key}
      label={t(`fichas:list.filters.${s.key}`)}
      placeholder={t('fichas:list.filters.all')}
      clearable
      data={s.options}
      value={value[s.key]}
      onChange={(v) => onChange({ [s.key]: v ?? null })}
      w={w}
      data-testid={testId ? `${testId}-${s.testId}` : undefined}
    />
  ));
}
