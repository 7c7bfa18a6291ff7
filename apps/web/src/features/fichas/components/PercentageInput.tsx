import { TextInput, type TextInputProps } from '@mantine/core';
import { isAllowedPercentageKey } from '@regcheck/shared/format/percentage';

/** Percentage field: digits, separators and control keys only; validation says when a comma is used. */
export function PercentageInput(
  props: Omit<TextInputProps, 'onChange'> & { value: string; onChange: (v: string) => void },
) {
  const { value, onChange, ...rest } = props;
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      value={value}
      rightSection="%"
      onKeyDown={(e) => {
        if (!isAllowedPercentageKey(e.key, { ctrlKey: e.ctrlKey, metaKey: e.metaKey })) e.preventDefault();
      }}
      onChange={(e) => onChange(e.currentTarget.value.replace(/[^0-9.,]/g, '').slice(0, 6))}
    />
  );
}
