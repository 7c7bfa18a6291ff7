import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../app/ui/RowAction';

/** What a row's key is: typed (a currency's three letters) or chosen from the values RegCheck records. */
type KeyInput =
  | { kind: 'text'; label: string; placeholder: string; maxLength: number }
  | { kind: 'select'; label: string; options: { value: string; label: string }[] };

/**
 * One code table of the ROE layout (decisions 180, 204): a value RegCheck records (a currency, a document type, a
 * country, a kind of transaction) and the code the UAF file writes for it. A value without a row is written as
 * recorded, which the hint says. Problems come under the table, as the layout's checks word them.
 */
export function RoeCodeTable({
  title,
  hint,
  empty,
  addLabel,
  keyInput,
  rows,
  onChange,
  problems,
  testId,
}: {
  title: string;
  hint: string;
  empty: string;
  addLabel: string;
  keyInput: KeyInput;
  rows: [string, string][];
  onChange: (rows: [string, string][]) => void;
  problems: string[];
  testId: string;
}) {
  const { t } = useTranslation('platform');
  const setRow = (i: number, row: [string, string]) => onChange(rows.map((r, j) => (j === i ? row : r)));
  const taken = new Set(rows.map(([k]) => k));
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...rows, ['', '']])}
          style={{ flexShrink: 0 }}
        >
          {addLabel}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {hint}
      </Text>
      {problems.map((p) => (
        <Text key={p} c="red.8" size="sm" mb="xs">
          {p}
        </Text>
      ))}
      <Stack gap="xs">
        {rows.map(([key, codeValue], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row being typed has no other identity
          <Group key={i} gap="xs" wrap="nowrap">
            {keyInput.kind === 'text' ? (
              <TextInput
                aria-label={keyInput.label}
                placeholder={keyInput.placeholder}
                value={key}
                maxLength={keyInput.maxLength}
                w={90}
                onChange={(e) => setRow(i, [e.currentTarget.value.toUpperCase(), codeValue])}
              />
            ) : (
              <Select
                aria-label={keyInput.label}
                placeholder={keyInput.label}
                searchable
                data={keyInput.options.filter((o) => o.value === key || !taken.has(o.value))}
                value={key || null}
                onChange={(v) => v && setRow(i, [v, codeValue])}
                w={220}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <TextInput
              aria-label={t('platform:roeLayout.code')}
              placeholder={t('platform:roeLayout.code')}
              value={codeValue}
              maxLength={30}
              style={{ flex: 1, minWidth: 80 }}
              onChange={(e) => setRow(i, [key, e.currentTarget.value])}
            />
            <DeleteAction
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
              label={t('platform:roeLayout.remove')}
            />
          </Group>
        ))}
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
