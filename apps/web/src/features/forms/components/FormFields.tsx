import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { answerText, type FormFieldT, type FormTemplateConfigT } from '@regcheck/shared/schemas/forms';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../app/ui/DataTable';
import { DateField } from '../../../app/ui/DateField';

export type Answers = Record<string, unknown>;
type Row = Record<string, unknown>;

/** One field of a template as an input; `error` is the translated message of the server naming it. */
function FieldInput({
  f,
  value,
  onChange,
  error,
  readOnly,
  note,
}: {
  f: FormFieldT;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  readOnly?: boolean;
  /** said under the field: the value is one RegCheck already had */
  note?: string;
}) {
  const common = {
    label: f.label,
    required: f.required,
    error,
    readOnly,
    description: note ?? f.help,
    'data-field': f.key,
    'data-prefilled': note ? 'true' : undefined,
  };
  switch (f.type) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
    case 'amount':
      return (
        <NumberInput
          {...common}
          min={0}
          thousandSeparator="."
          decimalSeparator=","
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'percentage':
      return (
        <NumberInput
          {...common}
          min={0}
          max={100}
          decimalScale={2}
          decimalSeparator=","
          suffix=" %"
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'select':
    case 'currency':
      return (
        <Select
          {...common}
          data={(f.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          clearable={!f.required && !readOnly}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={f.label}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
        />
      );
    case 'date':
      return <DateField {...common} value={typeof value === 'string' ? value : ''} onChange={(v) => onChange(v)} />;
    case 'email':
      return (
        <TextInput
          {...common}
          type="email"
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return <TextInput {...common} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

function TableField({
  f,
  rows,
  onChange,
  errorOf,
  note,
}: {
  f: FormFieldT;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  errorOf: (path: string) => string | undefined;
  note?: string;
}) {
  const { t } = useTranslation();
  const set = (n: number, key: string, v: unknown) => onChange(rows.map((r, i) => (i === n ? { ...r, [key]: v } : r)));
  return (
    <Stack gap="xs" data-field={f.key}>
      <Text fw={500} size="sm">
        {f.label}
        {f.required ? ' *' : ''}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed" data-prefilled="true">
          {note}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('forms:public.noRows')}
        </Text>
      ) : null}
      {rows.map((r, n) => (
        // rows have no id of their own: their position is their identity while the visitor edits them
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Card key={n} withBorder padding="sm" data-testid={`row-${f.key}-${n}`}>
          <Stack gap="xs">
            {(f.columns ?? []).map((c) => (
              <FieldInput
                key={c.key}
                f={c}
                value={r[c.key]}
                onChange={(v) => set(n, c.key, v)}
                error={errorOf(`${f.key}.${n}.${c.key}`)}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="subtle" color="red" size="xs" onClick={() => onChange(rows.filter((_, i) => i !== n))}>
                {t('forms:public.removeRow')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <Button variant="light" size="xs" onClick={() => onChange([...rows, {}])} data-testid={`add-${f.key}`}>
        {t('forms:public.addRow')}
      </Button>
      {errorOf(f.key) ? (
        <Text size="xs" c="red.9">
          {errorOf(f.key)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A failed call of the form: its first field and message; `fields`, every field's message by path (form.data.x). */
export interface FormError {
  field?: string;
  message: string;
  fields?: Record<string, string>;
}

/** The form of a template: its sections and fields, driven by the template's data only. */
export function FormFields({
  template,
  values,
  onChange,
  error,
  prefilled,
  companyName,
}: {
  template: FormTemplateConfigT;
  values: Answers;
  onChange: (v: Answers) => void;
  /** the server's error: its field path (form.data.x...) and message, and every field's when it lists them */
  error?: FormError | null;
  /** the keys RegCheck pre-filled from what it knows, marked as such, and whose data it is */
  prefilled?: string[];
  companyName?: string;
}) {
  const { t } = useTranslation();
  const known = new Set(prefilled ?? []);
  const note = (key: string) => (known.has(key) ? t('forms:public.prefilled', { company: companyName }) : undefined);
  const errorOf = (path: string) =>
    error?.fields
      ? error.fields[`form.data.${path}`]
      : error?.field === `form.data.${path}`
        ? error.message
        : undefined;
  return (
    <Stack gap="lg" data-testid="form-fields">
      {template.intro ? <Text size="sm">{template.intro}</Text> : null}
      {template.sections.map((s) => (
        <Stack key={s.key} gap="sm" data-section={s.key}>
          <Title order={4}>{s.title}</Title>
          {s.fields.map((f) =>
            f.type === 'table' ? (
              <TableField
                key={f.key}
                f={f}
                rows={Array.isArray(values[f.key]) ? (values[f.key] as Row[]) : []}
                onChange={(rows) => onChange({ ...values, [f.key]: rows })}
                errorOf={errorOf}
                note={note(f.key)}
              />
            ) : (
              <FieldInput
                key={f.key}
                f={f}
                value={values[f.key]}
                onChange={(v) => onChange({ ...values, [f.key]: v })}
                error={errorOf(f.key)}
                note={note(f.key)}
              />
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** The answers as the visitor reviews them before signing. */
export function AnswersSummary({ template, values }: { template: FormTemplateConfigT; values: Answers }) {
  const { t } = useTranslation();
  const yes = t('forms:common.yes');
  const no = t('forms:common.no');
  return (
    <Stack gap="md">
      {template.sections.map((s) => (
        <Stack key={s.key} gap={4}>
          <Text fw={600}>{s.title}</Text>
          <DataTable
            headless
            minWidth={0}
            columns={[
              { key: 'label', header: '', width: '40%', render: (r) => <Text c="dimmed">{r.label}</Text> },
              { key: 'answer', header: '', render: (r) => r.answer },
            ]}
            rows={s.fields.flatMap((f) =>
              f.type === 'table'
                ? ((values[f.key] as Row[] | undefined) ?? []).map((r, n) => ({
                    // rows are positional
                    id: `${f.key}-${n}`,
                    label: `${f.label} ${n + 1}`,
                    answer: (f.columns ?? []).map((c) => `${c.label}: ${answerText(c, r[c.key], yes, no)}`).join(' · '),
                  }))
                : [{ id: f.key, label: f.label, answer: answerText(f, values[f.key], yes, no) }],
            )}
          />
        </Stack>
      ))}
      {template.declaration ? (
        <Text size="sm" fs="italic">
          {template.declaration}
        </Text>
      ) : null}
    </Stack>
  );
}
