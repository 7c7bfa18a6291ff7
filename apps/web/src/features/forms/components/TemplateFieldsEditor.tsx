import { ActionIcon, Button, Card, Checkbox, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { FIELD_TYPES, type FormFieldT } from '@regcheck/shared/schemas/forms';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { linesToOptions, newField, optionsToLines } from '../lib/template-form';

/**
 * The fields of a template section (or the columns of a table field): key, label, type from the known list, required,
 * options for a choice (one `value: label` per line), columns for a table. `errorAt(path)` is the problem of a path.
 */
export function TemplateFieldsEditor({
  fields,
  onChange,
  path,
  errorAt,
  nested,
  readOnly,
}: {
  fields: FormFieldT[];
  onChange: (f: FormFieldT[]) => void;
  path: string;
  errorAt: (path: string) => string | undefined;
  nested?: boolean;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const types = FIELD_TYPES.filter((x) => !nested || x !== 'table').map((x) => ({
    value: x,
    label: t(`forms:builder.types.${x}`),
  }));
  const set = (i: number, f: Partial<FormFieldT>) =>
    onChange(fields.map((x, n) => (n === i ? ({ ...x, ...f } as FormFieldT) : x)));
  return (
    <Stack gap="xs">
      {fields.map((f, i) => {
        const at = `${path}.${i}`;
        return (
          // a field's key is edited here: its position (in `at`) is what stays while typing
          <Card key={at} withBorder padding="xs" data-testid={`field-${at}`}>
            <Stack gap={6}>
              <Group align="flex-start" gap="xs" wrap="wrap">
                <TextInput
                  label={t('forms:builder.key')}
                  value={f.key}
                  w={150}
                  readOnly={readOnly}
                  error={errorAt(`${at}.key`)}
                  onChange={(e) => set(i, { key: e.currentTarget.value })}
                />
                <TextInput
                  label={t('forms:builder.label')}
                  value={f.label}
                  style={{ flex: 1, minWidth: 200 }}
                  readOnly={readOnly}
                  error={errorAt(`${at}.label`)}
                  onChange={(e) => set(i, { label: e.currentTarget.value })}
                />
                <Select
                  label={t('forms:builder.type')}
                  data={types}
                  value={f.type}
                  w={170}
                  readOnly={readOnly}
                  error={errorAt(`${at}.type`)}
                  onChange={(v) => v && set(i, { type: v as FormFieldT['type'] })}
                  data-testid={`type-${at}`}
                />
                <Checkbox
                  mt={30}
                  label={t('forms:builder.required')}
                  checked={!!f.required}
                  disabled={readOnly}
                  onChange={(e) => set(i, { required: e.currentTarget.checked })}
                />
                {!readOnly ? (
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('forms:builder.removeField')}
                    onClick={() => onChange(fields.filter((_, n) => n !== i))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                ) : null}
              </Group>
              {f.type === 'select' || f.type === 'currency' ? (
                <Textarea
                  label={t('forms:builder.options')}
                  description={t('forms:builder.optionsHelp')}
                  autosize
                  minRows={2}
                  readOnly={readOnly}
                  defaultValue={optionsToLines(f.options)}
                  error={errorAt(`${at}.options`)}
                  onBlur={(e) => set(i, { options: linesToOptions(e.currentTarget.value) })}
                />
              ) : null}
              {f.type === 'table' ? (
                <Stack gap={4} pl="md">
                  <TemplateFieldsEditor
                    fields={f.columns ?? []}
                    onChange={(columns) => set(i, { columns })}
                    path={`${at}.columns`}
                    errorAt={errorAt}
                    nested
                    readOnly={readOnly}
                  />
                  {errorAt(`${at}.columns`) ? (
                    <span style={{ color: 'var(--mantine-color-red-7)', fontSize: 12 }}>
                      {errorAt(`${at}.columns`)}
                    </span>
                  ) : null}
                </Stack>
              ) : null}
            </Stack>
          </Card>
        );
      })}
      {!readOnly ? (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          onClick={() => onChange([...fields, newField(fields.map((f) => f.key))])}
          data-testid={`add-field-${path}`}
        >
          {nested ? t('forms:builder.addColumn') : t('forms:builder.addField')}
        </Button>
      ) : null}
    </Stack>
  );
}
