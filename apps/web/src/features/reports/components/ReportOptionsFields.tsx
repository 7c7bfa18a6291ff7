import { Checkbox, Group, Select } from '@mantine/core';
import { FORM_TYPES, type FormTypeT } from '@regcheck/shared/schemas/forms';
import { useTranslation } from 'react-i18next';
import { PersonTypeRiskSelects } from '../../../app/ui/PersonTypeRiskSelects';
import type { OptionedReport, ReportOptions } from '../lib/report-options';

interface Props {
  report: OptionedReport;
  value: ReportOptions;
  onChange: (value: ReportOptions) => void;
  testId: string;
}

/** The forms report's type and "filled forms too"; the fichas report's person type and risk. */
export function ReportOptionsFields({ report, value, onChange, testId }: Props) {
  const { t } = useTranslation(['reports', 'forms', 'fichas']);
  const set = (patch: Partial<ReportOptions>) => onChange({ ...value, ...patch });
  if (report === 'forms')
    return (
      <Group align="flex-end" gap="md" data-testid={testId}>
        <Select
          label={t('reports:options.formType')}
          data={FORM_TYPES.map((f) => ({ value: f, label: t(`forms:types.${f}`) }))}
          value={value.formType}
          onChange={(v) => v && set({ formType: v as FormTypeT })}
          w={360}
          data-testid={`${testId}-form-type`}
        />
        <Checkbox
          label={t('reports:options.allowFilled')}
          checked={value.allowFilled}
          onChange={(e) => set({ allowFilled: e.currentTarget.checked })}
          mb={8}
          data-testid={`${testId}-allow-filled`}
        />
      </Group>
    );
  return (
    <Group align="flex-end" gap="md" data-testid={testId}>
      <PersonTypeRiskSelects value={value} onChange={set} w={200} testId={testId} />
    </Group>
  );
}
